#!/usr/bin/env node
// The `recrutement` binary: runs the compiled CLI in dist/ (built by `npm run build`, which npm's
// `prepare` runs after `npm ci` / `npm install`) when it is at least as new as every TypeScript
// source, else the sources through tsx. tsx compiles ~500 files at each start (about 7 s for
// `--help`); the compiled CLI answers in a fraction of that. The freshness check keeps a developer
// who edited a source from running yesterday's build.
// First: before the start-up's full collections (see the file).
import './pin-tick-shape.js';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(root, 'dist', 'cli', 'index.js');
// The folders tsconfig.build.json compiles.
const SOURCES = ['api', 'cli', 'jobs', 'domain', 'lib', 'models', 'migrations', 'seeds'];

/** Whether some .ts file under `dir` changed after `since` (ms). About 10 ms for the whole tree. */
function changedSince(dir, since) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (changedSince(file, since)) return true;
    } else if (entry.name.endsWith('.ts') && statSync(file).mtimeMs > since) return true;
  }
  return false;
}

function builtIsFresh() {
  if (process.env.RECRUTEMENT_FROM_SOURCE || !existsSync(built)) return false;
  const since = statSync(built).mtimeMs;
  return !SOURCES.some((dir) => changedSince(path.join(root, dir), since));
}

if (builtIsFresh()) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/index.ts');
}
