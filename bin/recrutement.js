#!/usr/bin/env node
// The `recrutement` binary: runs the built CLI when `npm run build` produced dist/, else the
// TypeScript sources through tsx (so `npm ci && npx recrutement ...` works without a build).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const built = fileURLToPath(new URL('../dist/cli/index.js', import.meta.url));
if (existsSync(built) && !process.env.RECRUTEMENT_FROM_SOURCE) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/index.ts');
}
