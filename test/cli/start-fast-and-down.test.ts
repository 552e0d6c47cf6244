/**
 * The binary's edges: `--version`, a `--help` that loads no use case (what keeps it fast), and a
 * database that cannot be reached, is not created or lacks migrations: one line naming
 * DATABASE_URL and what to do, no stack, and under --json nothing but the JSON error.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { runBinary } from '../helpers/cli.ts';
import knexFactory from 'knex';
import { testEnv } from '../helpers/env.ts';
import { connectionFromUrl, dropDatabase } from '../../lib/db.ts';

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

  const serverUrl = () => testEnv().databaseUrl.replace(/\/[^/]*$/, '');

  for (const args of [['serve'], ['worker'], ['jobs', 'list']])
    it(`\`${args.join(' ')}\` on a database not created yet: one error line saying how to create it`, async () => {
      // The job runner's scheduler connects its store without a catch (jobs/agenda.ts): this was an
      // unhandled rejection, the driver's stack on stderr; the API said it listened, then failed.
      const text = await runBinary(args, {
        databaseUrl: `${serverUrl()}/recrutement_never_created`,
        env: { LOG_LEVEL: '' },
      });
      expect(text.code).to.equal(1);
      const lines = text.stderr.trim().split('\n');
      expect(lines, text.stderr).to.have.length(1);
      expect(lines[0]).to.match(/^Error: Database not found at DATABASE_URL .*recrutement db migrate/);
      // Checked before anything starts: no "api listening", no pool retries logged.
      expect(text.stdout).to.equal('');
    });

  describe('a database that lacks migrations', () => {
    const url = () => `${serverUrl()}/recrutement_test_schema_${process.pid}`;
    const names = async () => (await import('../../lib/migrator.ts')).migrationNames();
    const server = () =>
      knexFactory({ client: 'mysql2', connection: { ...connectionFromUrl(url()), database: undefined } });

    /** A database whose knex_migrations table lists `applied` (the check reads nothing else). */
    async function databaseWith(applied: string[] | null): Promise<void> {
      const db = server();
      const name = url().split('/').pop()!;
      try {
        await db.raw('DROP DATABASE IF EXISTS ??', [name]);
        await db.raw('CREATE DATABASE ??', [name]);
        if (applied) {
          await db.raw(
            'CREATE TABLE ??.knex_migrations (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(255))',
            [name],
          );
          if (applied.length) await db(`${name}.knex_migrations`).insert(applied.map((n) => ({ name: n })));
        }
      } finally {
        await db.destroy();
      }
    }

    after(async () => dropDatabase(url()));

    for (const [label, applied, said] of [
      ['created, never migrated', () => null, /has no tables yet: run `recrutement db migrate`/],
      [
        'one migration behind',
        async () => (await names()).slice(0, -1),
        /lacks 1 of this version's \d+ migrations: run `recrutement db migrate`/,
      ],
    ] as const)
      it(`${label}: serve and worker refuse to start, saying so in one line; --json gives DATABASE_NOT_MIGRATED`, async () => {
        await databaseWith(await applied());
        for (const args of [['serve'], ['worker']]) {
          const text = await runBinary(args, { databaseUrl: url(), env: { LOG_LEVEL: '', PORT: '0' } });
          expect(text.code, text.stderr).to.equal(1);
          expect(text.stdout).to.equal('');
          expect(text.stderr.trim().split('\n')).to.have.length(1);
          expect(text.stderr).to.match(said);
          const json = await runBinary([...args, '--json'], {
            databaseUrl: url(),
            env: { LOG_LEVEL: '', PORT: '0' },
          });
          expect((JSON.parse(json.stderr) as { error: { code: string } }).error.code).to.equal(
            'DATABASE_NOT_MIGRATED',
          );
        }
      });

    it('never migrated: another command meeting a missing table says to migrate too', async () => {
      await databaseWith(null);
      const text = await runBinary(['jobs', 'list'], { databaseUrl: url(), env: { LOG_LEVEL: '' } });
      expect(text.code).to.equal(1);
      expect(text.stderr.trim()).to.match(
        /^Error: The database at DATABASE_URL .* lacks tables this version needs: run `recrutement db migrate`$/,
      );
    });
  });
});
