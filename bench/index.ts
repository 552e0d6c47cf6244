/**
 * `npm run bench`: every benchmark of this folder (each `bench/<name>.ts` but this one), one after
 * the other, each in its own process (`node --import tsx bench/<name>.ts`, arguments passed
 * through), so one's memory or database never weighs on the next. Their output is shown as it
 * comes and bench/RESULTS.md is rewritten from this single run: the machine, then each bench's
 * summary line (its last line) and full output. Exit code 1 when any of them failed.
 */
import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The long ones last; any other bench file runs too, in name order. */
const LAST = ['import', 'alerts'];

interface BenchRun {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

function benchNames(): string[] {
  const names = readdirSync(HERE)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .map((f) => f.slice(0, -3))
    .sort();
  return [...names.filter((n) => !LAST.includes(n)), ...LAST.filter((n) => names.includes(n))];
}

function runBench(name: string): Promise<BenchRun> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(HERE, `${name}.ts`), ...process.argv.slice(2)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    process.stdout.write(d);
    output += d.toString();
  });
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, output }),
    );
  });
}

const lastLine = (output: string) => output.trim().split('\n').pop() ?? '';

function resultsMarkdown(runs: BenchRun[], startedAt: Date): string {
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, load average at start ${os.loadavg()[0].toFixed(1)}`;
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` from one run started ${startedAt.toISOString()}. Machine: ${machine}.`,
    'The machine may be shared: compare the ratios each bench prints, measured within one run, rather than',
    'absolute figures across runs.',
    '',
    '## Summary (each bench’s last line)',
    '',
    ...runs.map(
      (r) =>
        `- \`${r.name}\`: ${r.ok ? `\`${lastLine(r.output)}\`` : '**failed**'} (${r.seconds.toFixed(0)} s)`,
    ),
    '',
    ...runs.flatMap((r) => [`## bench/${r.name}.ts`, '', '```text', r.output.trimEnd(), '```', '']),
  ].join('\n');
}

const startedAt = new Date();
const runs: BenchRun[] = [];
for (const name of benchNames()) {
  console.log(`\n=== bench/${name}.ts ===`);
  const run = await runBench(name);
  console.log(`=== bench/${name}.ts: ${run.ok ? 'done' : 'FAILED'} in ${run.seconds.toFixed(0)} s ===`);
  runs.push(run);
}
writeFileSync(path.join(HERE, 'RESULTS.md'), resultsMarkdown(runs, startedAt));
const failed = runs.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
