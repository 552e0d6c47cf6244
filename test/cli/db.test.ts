import { expect } from 'chai';
import { createKnex, dropDatabase } from '../../lib/db.ts';
import { runBinary, parseJson } from '../helpers/cli.ts';

describe('CLI: recrutement db migrate|seed|reset (real binary)', function () {
  this.timeout(120000);
  const url = `mysql://root@127.0.0.1:3306/recrutement_test_cli_${process.pid}`;
  after(() => dropDatabase(url));

  async function counts() {
    const k = createKnex(url);
    try {
      const tables = ['regions', 'villes', 'quartiers', 'secteursActivite', 'experienceLevels', 'accounts'];
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = Number(((await k(t).count({ n: '*' }).first()) as { n: number }).n);
      return out;
    } finally {
      await k.destroy();
    }
  }

  it('migrate creates the database; seed twice leaves the same rows; reset needs --yes without a terminal', async () => {
    const migrated = await runBinary(['db', 'migrate', '--json'], { databaseUrl: url });
    expect(migrated.code, migrated.stderr).to.equal(0);
    expect(parseJson<{ applied: string[] }>(migrated).applied.length).to.be.greaterThan(0);
    const env = { ADMIN_EMAIL: 'root@example.cm', ADMIN_PASSWORD: 'SuperSecret123' };
    const first = await runBinary(['db', 'seed', '--json'], { databaseUrl: url, env });
    expect(first.code, first.stderr).to.equal(0);
    expect(parseJson<{ steps: string[] }>(first).steps).to.include('geography');
    const afterFirst = await counts();
    expect(afterFirst.regions).to.equal(10);
    expect(afterFirst.accounts).to.equal(1);
    const second = await runBinary(['db', 'seed'], { databaseUrl: url, env });
    expect(second.code).to.equal(0);
    expect(second.stdout).to.contain('Seeded');
    expect(await counts()).to.deep.equal(afterFirst);

    const refused = await runBinary(['db', 'reset'], { databaseUrl: url });
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.contain('--yes');
    expect(refused.stderr).not.to.match(/\n\s+at /);
    const reset = await runBinary(['db', 'reset', '--yes', '--json'], { databaseUrl: url });
    expect(reset.code, reset.stderr).to.equal(0);
    expect((await counts()).accounts).to.equal(0);
  });

  it('bad usage exits 2 with help on stderr', async () => {
    const r = await runBinary(['db', 'nope']);
    expect(r.code).to.equal(2);
    const unknownOption = await runBinary(['db', 'seed', '--frobnicate']);
    expect(unknownOption.code).to.equal(2);
    expect(unknownOption.stderr).to.contain('unknown option');
  });

  it('--help shows examples', async () => {
    const r = await runBinary(['db', 'seed', '--help']);
    expect(r.code).to.equal(0);
    expect(r.stdout).to.contain('Example');
  });

  it('a failed operation exits 1 with a message and no stack trace', async () => {
    const r = await runBinary(['db', 'migrate'], { databaseUrl: 'mysql://root@127.0.0.1:1/nowhere' });
    expect(r.code).to.equal(1);
    expect(r.stderr).to.match(/^Error/);
    expect(r.stderr).not.to.match(/\n\s+at /);
  });
});
