/**
 * bin/pin-tick-shape.js: after full collections, V8 still builds nextTick's tick objects through
 * the maps it remembered, instead of falling back to the runtime for good. Read from V8 itself:
 * the state of nextTick's feedback at the tick object's literal keys (%DebugPrint, in a child
 * process started with --allow-natives-syntax).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';

const PIN = fileURLToPath(new URL('../../bin/pin-tick-shape.js', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/recrutement.js', import.meta.url));

/**
 * A process that queues ticks, lets every tick object die through six full collections (V8 keeps
 * maps an IC names for a couple of them), queues ticks again, then prints nextTick's feedback.
 * Eight rounds: after one, the keys had fallen back in about half the runs only (what keeps the
 * maps through a round some of the time is V8's own); once fallen back they stay so, and after
 * eight rounds they had in each of 32 runs, as in a server's life of many collections.
 */
const PROGRAM = `
const ticks = (n) => new Promise((resolve) => {
  let i = 0;
  const step = () => (++i >= n ? resolve() : process.nextTick(step));
  process.nextTick(step);
});
for (let round = 0; round < 8; round++) {
  await ticks(5000);
  await new Promise((resolve) => setTimeout(resolve, 10));
  for (let i = 0; i < 6; i++) gc();
}
await ticks(5000);
new Function('f', '%DebugPrint(f)')(process.nextTick);
`;

/** The feedback states at the literal's keys of nextTick, in order. */
function literalKeyStates(pinned: boolean): string[] {
  const program = (pinned ? `import ${JSON.stringify(pathToFileURL(PIN).href)};\n` : '') + PROGRAM;
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', program],
    { encoding: 'utf8' },
  );
  return [...out.matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]);
}

describe('bin/pin-tick-shape.js', function () {
  this.timeout(60_000);

  it('without it, the keys after the first fall back to the runtime once the tick objects were collected', () => {
    const states = literalKeyStates(false);
    expect(states).to.have.length(4);
    expect(states[0]).to.equal('MONOMORPHIC');
    expect(states.slice(1)).to.deep.equal(['MEGAMORPHIC', 'MEGAMORPHIC', 'MEGAMORPHIC']);
  });

  it('with it, every key of the literal keeps its one map', () => {
    expect(literalKeyStates(true)).to.deep.equal(Array(4).fill('MONOMORPHIC'));
  });

  it('is the first module the binary imports, before the start-up collections', () => {
    const firstImport = /^import\s+['"]([^'"]+)['"]/m.exec(readFileSync(BIN, 'utf8'));
    expect(firstImport?.[1]).to.equal('./pin-tick-shape.js');
    const imports = [...readFileSync(BIN, 'utf8').matchAll(/^import\b.*$/gm)].map((m) => m.index);
    expect(imports[0]).to.equal(firstImport?.index);
  });
});
