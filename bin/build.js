#!/usr/bin/env node
// `npm run build` (and npm's `prepare`, after `npm ci` / `npm install`): compiles the sources into
// dist/ for the `recrutement` binary. dist/ is emptied first, so a deleted source (a migration!)
// leaves no compiled copy behind. bin/recrutement.js trusts dist/ only while it is newer than every
// source, so dist/cli/index.js is given the time the build *started*: a source saved during the
// build makes it stale.
//
// `--if-possible` (prepare): without TypeScript (`npm ci --omit=dev`) or on a type error, say so and
// exit 0; the binary then runs the sources through tsx (slower start, same behaviour).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const entry = path.join(dist, 'cli', 'index.js');
const tolerant = process.argv.includes('--if-possible');

function fail(message) {
  console.error(message);
  if (tolerant) {
    // A partial output is not trusted: the binary falls back to the sources.
    rmSync(dist, { recursive: true, force: true });
    console.error(
      'recrutement: dist/ not built; the CLI will run from the TypeScript sources (slower start)',
    );
    process.exit(0);
  }
  process.exit(1);
}

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  fail('recrutement: TypeScript is not installed (dev dependency)');
}

const started = new Date();
rmSync(dist, { recursive: true, force: true });
const run = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], {
  cwd: root,
  stdio: 'inherit',
});
if (run.status !== 0 || !existsSync(entry)) fail(`recrutement: tsc exited with ${run.status ?? run.signal}`);
utimesSync(entry, started, started);
