/**
 * The dependency rules of .dependency-cruiser.json (run by `npm run lint`) really refuse what they
 * name: a small tree with planted backward imports, a framework in the domain, an import circle, and
 * area imports that go backward, sideways or past an area's index.ts is cruised with the
 * repository's own rules, and each planted fault must be reported by its rule. The order of the
 * areas (one rule per layer) is also checked against itself and against the folders of domain/.
 */
import { expect } from 'chai';
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cruise,
  type IForbiddenRuleType,
  type IRegularForbiddenRuleType,
  type IReporterOutput,
} from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = JSON.parse(readFileSync(path.join(ROOT, '.dependency-cruiser.json'), 'utf8')) as {
  forbidden: IForbiddenRuleType[];
};

/** The areas' order as the `area-order-<n>` rules declare it: layer n's areas, from its rule's `from`. */
const orderRules = config.forbidden
  .filter((r): r is IRegularForbiddenRuleType => /^area-order-\d+$/.test(r.name ?? ''))
  .sort((a, b) => Number(a.name?.split('-').pop()) - Number(b.name?.split('-').pop()));
const layers = orderRules.map((r) => {
  const m = /^\^domain\/\(([a-z|-]+)\)\/$/.exec(String(r.from.path));
  if (!m) throw new Error(`${r.name}: from.path is not ^domain/(a|b|...)/`);
  return m[1].split('|');
});
/** The name of the rule that holds an area's own imports to the layers below it. */
const orderRuleOf = (area: string) => orderRules[layers.findIndex((l) => l.includes(area))].name;

/** Writes `files` (path → source) under a fresh folder that sees the repository's node_modules. */
function plantedTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dependency-rules-'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

async function violatedRules(dir: string): Promise<{ rule: string; from: string; to: string }[]> {
  const previous = process.cwd();
  process.chdir(dir);
  try {
    const folders = ['api', 'domain', 'engines', 'lib', 'models'].filter((f) => existsSync(f));
    const result: IReporterOutput = await cruise(folders, {
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      doNotFollow: { path: 'node_modules' },
      tsPreCompilationDeps: true,
    });
    if (typeof result.output === 'string') throw new Error('expected a cruise result');
    return result.output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  } finally {
    process.chdir(previous);
  }
}

describe('dependency rules (.dependency-cruiser.json)', function () {
  this.timeout(60_000);
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses planted backward imports, a framework in the domain and a circle', async () => {
    dir = plantedTree({
      'lib/tool.ts': "import { useCase } from '../domain/area/use-case.ts';\nexport const tool = useCase;\n",
      'domain/area/use-case.ts': "import Koa from 'koa';\nexport const useCase = () => new Koa();\n",
      'domain/area/engine-user.ts':
        "import { engine } from '../../engines/thing/engine.ts';\nexport const e = engine;\n",
      'engines/thing/engine.ts':
        "import { route } from '../../api/route.ts';\nexport const engine = route;\n",
      'api/route.ts': 'export const route = 1;\n',
      'domain/area/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'domain/area/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'models/x.ts': "import { y } from './y.ts';\nexport const x = () => y;\n",
      'models/y.ts': "import { x } from './x.ts';\nexport const y = () => x;\n",
    });
    const found = await violatedRules(dir);
    const rules = (from: string) => found.filter((v) => v.from === from).map((v) => v.rule);
    expect(rules('lib/tool.ts')).to.include('lib-is-a-leaf');
    expect(rules('domain/area/use-case.ts')).to.include('domain-knows-no-framework');
    expect(rules('domain/area/engine-user.ts')).to.include('domain-knows-no-edge-nor-engine');
    expect(rules('engines/thing/engine.ts')).to.include('engines-know-no-edge');
    expect(rules('domain/area/a.ts')).to.include('no-circular');
    // Objection's model relations name each other both ways: allowed.
    expect(rules('models/x.ts')).to.deep.equal([]);
  });

  it('refuses an area import that goes backward, sideways, or past the index.ts of its area', async () => {
    dir = plantedTree({
      // shared is in a layer below offres: it may not import offres, even through its index.
      'domain/shared/text.ts': "import { offre } from '../offres/index.ts';\nexport const text = offre;\n",
      'domain/shared/tool.ts': 'export const tool = 1;\n',
      'domain/shared/index.ts': "export { tool } from './tool.ts';\n",
      'domain/offres/index.ts': 'export const offre = 1;\n',
      // offres is above shared, but reaches a file of it instead of its index.
      'domain/offres/deep.ts': "import { tool } from '../shared/tool.ts';\nexport const deep = tool;\n",
      // recruteurs is in offres' layer: a sibling, not below it.
      'domain/offres/sideways.ts': "import { r } from '../recruteurs/index.ts';\nexport const s = r;\n",
      'domain/recruteurs/index.ts': 'export const r = 1;\n',
    });
    expect(layers.findIndex((l) => l.includes('recruteurs'))).to.equal(
      layers.findIndex((l) => l.includes('offres')),
    );
    const found = await violatedRules(dir);
    const rules = (from: string) => found.filter((v) => v.from === from).map((v) => v.rule);
    expect(rules('domain/shared/text.ts')).to.deep.equal([orderRuleOf('shared')]);
    expect(rules('domain/offres/deep.ts')).to.deep.equal(['area-through-its-index']);
    expect(rules('domain/offres/sideways.ts')).to.deep.equal([orderRuleOf('offres')]);
    expect(
      found.filter((v) => !['text.ts', 'deep.ts', 'sideways.ts'].includes(path.basename(v.from))),
    ).to.deep.equal([]);
  });

  it('declares every area of domain/ in one layer, each importing only the layers below it', () => {
    const areas = readdirSync(path.join(ROOT, 'domain')).filter((f) =>
      statSync(path.join(ROOT, 'domain', f)).isDirectory(),
    );
    expect(layers.length).to.be.greaterThan(1);
    expect([...layers.flat()].sort()).to.deep.equal([...areas].sort());
    layers.forEach((_, i) => {
      const below = layers.slice(0, i).flat();
      expect(orderRules[i].name).to.equal(`area-order-${i + 1}`);
      expect(orderRules[i].to).to.deep.equal({
        path: '^domain/[^/]+/',
        pathNot: `^domain/(${['$1', ...below].join('|')})/`,
      });
    });
  });

  it('accepts a tree whose imports point one way', async () => {
    dir = plantedTree({
      'api/route.ts': "import { useCase } from '../domain/area/use-case.ts';\nexport const r = useCase;\n",
      'domain/area/use-case.ts': "import { tool } from '../../lib/tool.ts';\nexport const useCase = tool;\n",
      'lib/tool.ts': 'export const tool = 1;\n',
      'models/x.ts': "import { tool } from '../lib/tool.ts';\nexport const x = tool;\n",
      // An area above another, through its index; inside an area, files import each other directly.
      'domain/offres/use-case.ts':
        "import { tool } from '../shared/index.ts';\nimport { view } from './view.ts';\nexport const u = [tool, view];\n",
      'domain/offres/view.ts': 'export const view = 1;\n',
      'domain/shared/index.ts': "export { tool } from './tool.ts';\n",
      'domain/shared/tool.ts': 'export const tool = 1;\n',
    });
    expect(await violatedRules(dir)).to.deep.equal([]);
  });
});
