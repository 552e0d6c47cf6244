/**
 * The dependency rules of .dependency-cruiser.json (run by `npm run lint`) really refuse what they
 * name: a small tree with planted backward imports, a framework in the domain and an import circle
 * is cruised with the repository's own rules, and each planted fault must be reported by its rule.
 */
import { expect } from 'chai';
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IForbiddenRuleType, type IReporterOutput } from 'dependency-cruiser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = JSON.parse(readFileSync(path.join(ROOT, '.dependency-cruiser.json'), 'utf8')) as {
  forbidden: IForbiddenRuleType[];
};

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

  it('accepts a tree whose imports point one way', async () => {
    dir = plantedTree({
      'api/route.ts': "import { useCase } from '../domain/area/use-case.ts';\nexport const r = useCase;\n",
      'domain/area/use-case.ts': "import { tool } from '../../lib/tool.ts';\nexport const useCase = tool;\n",
      'lib/tool.ts': 'export const tool = 1;\n',
      'models/x.ts': "import { tool } from '../lib/tool.ts';\nexport const x = tool;\n",
    });
    expect(await violatedRules(dir)).to.deep.equal([]);
  });
});
