/**
 * `npm run deps:graph`: draws the import graph of the application, one box per area (each folder of
 * domain/ and engines/, and each other top folder), into docs/dependency-graph.md as a Mermaid
 * chart (GitHub and most editors render it). The same rules as `npm run deps:check` are applied, so
 * an arrow that breaks one is drawn in red.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = JSON.parse(readFileSync(path.join(ROOT, '.dependency-cruiser.json'), 'utf8')) as {
  forbidden: IForbiddenRuleType[];
};

process.chdir(ROOT);
const result = await cruise(
  ['api', 'cli', 'jobs', 'domain', 'engines', 'lib', 'models'],
  {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(api|cli|jobs|domain|engines|lib|models)/',
    collapse: '^(domain/[^/]+|engines/[^/]+|[^/]+)/',
    tsPreCompilationDeps: true,
    outputType: 'mermaid',
  },
  {},
  { tsConfig: { fileName: 'tsconfig.json' } },
);
const chart = String(result.output);
const markdown = [
  '# Import graph',
  '',
  'Drawn by `npm run deps:graph` from the code; one box per area. The rules that `npm run lint` enforces',
  'are in `.dependency-cruiser.json`; README\'s "Layout" section says what each folder is.',
  '',
  '```mermaid',
  chart.trim(),
  '```',
  '',
].join('\n');
writeFileSync(path.join(ROOT, 'docs/dependency-graph.md'), markdown);
console.log(`docs/dependency-graph.md: ${chart.split('\n').length} lines`);
