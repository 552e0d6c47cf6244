/**
 * `npm run bench`: every benchmark of this folder that exists, one after the other, each in its
 * own process (`node --import tsx bench/<name>.ts`, arguments passed through), so one's memory or
 * database never weighs on the next. Exit code 1 when any of them failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = ['api', 'search', 'import', 'alerts', 'forgot-password'];

const failed: string[] = [];
for (const name of BENCHES) {
  const file = path.join(HERE, `${name}.ts`);
  if (!existsSync(file)) {
    console.log(`bench/${name}.ts: not present, skipped`);
    continue;
  }
  console.log(`\n=== bench/${name}.ts ===`);
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', file, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  console.log(
    `=== bench/${name}.ts: ${run.status === 0 ? 'done' : `FAILED (exit ${run.status ?? run.signal})`} in ${((Date.now() - started) / 1000).toFixed(0)} s ===`,
  );
  if (run.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
