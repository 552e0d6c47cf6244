/** The version in package.json, found from this file whether it runs from cli/ or dist/cli/. */
import { existsSync, readFileSync } from 'node:fs';

export function packageVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    const file = new URL(rel, import.meta.url);
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'recrutement' && pkg.version) return pkg.version;
  }
  return 'unknown';
}
