/**
 * The binary's edges: `--version`, a `--help` that loads no use case (what keeps it fast), and a
 * database that cannot be reached: one line naming DATABASE_URL, no stack, and under --json
 * nothing but the JSON error.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { runBinary } from '../helpers/cli.ts';
import { testEnv } from '../helpers/env.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const ROOT = new URL('../../', import.meta.url).href;
const TRACER = fileURLToPath(new URL('../helpers/trace-imports.mjs', import.meta.url));
// Nothing listens on port 1 of the loopback: connections are refused at once.
const DOWN = 'mysql://root:s3cret-pw@127.0.0.1:1/recrutement';

describe('CLI: version, help and an unreachable database', function () {
  this.timeout(60000);

  it('--version prints the version of package.json', async () => {
    const r = await runBinary(['--version']);
    expect(r.code).to.equal(0);
    expect(r.stdout.trim()).to.equal(pkg.version);
  });

  it('--help lists reactivate and documents and loads no database, API, job or prompt module', async () => {
    const trace = path.join(mkdtempSync(path.join(os.tmpdir(), 'trace-')), 'imports.txt');
    const r = await runBinary(['recruiters', '--help'], {
      env: { NODE_OPTIONS: `--import=${TRACER}`, TRACE_IMPORTS_FILE: trace },
    });
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.contain('reactivate').and.to.contain('documents');
    const loaded = readFileSync(trace, 'utf8').split('\n');
    expect(
      loaded.some((u) => u.endsWith('/cli/program.ts')),
      'the trace works',
    ).to.equal(true);
    const heavy = loaded.filter(
      (u) =>
        /\/node_modules\/(knex|objection|mysql2|koa|agenda|@aws-sdk|sharp|inquirer)\//.test(u) ||
        /^(api|models|jobs\/agenda|domain\/recruiters)\//.test(
          u.startsWith(ROOT) ? u.slice(ROOT.length) : '',
        ),
    );
    expect(heavy).to.deep.equal([]);
  });

  for (const args of [
    ['recruiters', 'pending'],
    ['db', 'migrate'],
    ['alerts', 'run'],
  ]) {
    it(`\`${args.join(' ')}\` with the database down: one line naming DATABASE_URL, no stack, no password`, async () => {
      const text = await runBinary([...args, '--verbose'], { databaseUrl: DOWN, env: { LOG_LEVEL: '' } });
      expect(text.code).to.equal(1);
      expect(text.stdout).to.equal('');
      const lines = text.stderr.trim().split('\n');
      expect(lines, text.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^Error: Cannot reach the database at DATABASE_URL .*check DATABASE_URL/);
      expect(text.stderr).not.to.contain('s3cret-pw');

      const json = await runBinary([...args, '--json'], { databaseUrl: DOWN, env: { LOG_LEVEL: '' } });
      expect(json.code).to.equal(1);
      expect(json.stdout).to.equal('');
      const parsed = JSON.parse(json.stderr) as { error: { code: string; message: string } };
      expect(parsed.error.code).to.equal('DATABASE_UNREACHABLE');
      expect(parsed.error.message).to.contain('DATABASE_URL');
    });
  }

  for (const args of [['worker'], ['jobs', 'list']])
    it(`\`${args.join(' ')}\` on a database not created yet: one error line saying how to create it`, async () => {
      // The job runner's scheduler connects its store without a catch (jobs/agenda.ts): this was an
      // unhandled rejection, the driver's stack on stderr.
      const missing = `${testEnv().databaseUrl.replace(/\/[^/]*$/, '')}/recrutement_never_created`;
      const text = await runBinary(args, { databaseUrl: missing, env: { LOG_LEVEL: '' } });
      expect(text.code).to.equal(1);
      const lines = text.stderr.trim().split('\n');
      expect(lines, text.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^Error: Database not found at DATABASE_URL .*recrutement db migrate/);
      // A long-running process logs as JSON (the pool's retries among them); nothing else.
      for (const line of text.stdout.split('\n').filter(Boolean))
        expect(() => JSON.parse(line) as unknown, line).to.not.throw();
    });
});
