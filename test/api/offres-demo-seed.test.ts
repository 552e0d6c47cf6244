/**
 * seeds/demo.ts runs in a database of its own (created and dropped here), so its 220 offers never
 * meet the other tests' data.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex, dropDatabase, ensureDatabase } from '../../lib/db.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { seedGeography } from '../../seeds/geography.ts';
import { seedReferenceData } from '../../seeds/reference-data.ts';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  JOBS,
  SECTEUR_NOMS,
  demoDataPresent,
  seedDemoData,
  type SecteurKey,
} from '../../seeds/demo.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { PUBLISHED_OFFRES_QUOTA } from '../../domain/offre-lifecycle/index.ts';
import type { Plan } from '../../models/entreprise.ts';
import { createContext } from '../../domain/context.ts';
import { sendWeeklyDigests } from '../../domain/recommendations/index.ts';
import { testDeps } from '../helpers/env.ts';

const SERVER = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

describe('Demo seed (seeds/demo.ts)', function () {
  this.timeout(180000);
  const url = `${SERVER}/recrutement_test_demo_${process.pid}`;
  let knex: Knex;

  before(async () => {
    await ensureDatabase(url);
    knex = createKnex(url, { min: 0, max: 4 });
    await migrateLatest(knex);
    await seedReferenceData(knex);
    await seedGeography(knex);
  });

  after(async () => {
    await knex?.destroy();
    await dropDatabase(url);
  });

  it('creates a consistent data set once, then skips', async () => {
    // What `npm start` reads to print the demo's login rather than the command that loads it.
    expect(await demoDataPresent(knex)).to.equal(false);
    const steps = await seedDemoData(knex);
    expect(await demoDataPresent(knex)).to.equal(true);
    expect(steps.join('\n')).to.contain('220 offers');
    expect(await seedDemoData(knex)).to.deep.equal(['demo data already present (skipped)']);

    const count = async (q: Knex.QueryBuilder) =>
      Number(((await q.count({ n: '*' }).first()) as { n: number }).n);
    expect(await count(knex('entreprises'))).to.be.at.least(20);
    expect(await count(knex('offres'))).to.equal(220);
    expect(await count(knex('offres').where({ status: 'PUBLISHED' }))).to.be.above(150);
    expect(await count(knex('villes').whereIn('id', knex('offres').distinct('villeId')))).to.be.at.least(10);
    expect(await count(knex('recruiters').whereNot({ status: 'ACTIVE' }))).to.equal(0);
    expect(await count(knex('candidatures'))).to.be.above(300);

    // Counters equal the applications, for every offer.
    const wrong = await knex.raw(`
      SELECT o.id FROM offres o LEFT JOIN (
        SELECT offre_id, COUNT(*) t, SUM(status='NEW') n, SUM(status='IN_PROGRESS') ip, SUM(status='TO_MEET') tm, SUM(status='MET') m,
               SUM(status='HIRED') h, SUM(status='REJECTED') r FROM candidatures GROUP BY offre_id) c ON c.offre_id = o.id
      WHERE o.total_candidatures <> COALESCE(c.t, 0) OR o.nouveaux <> COALESCE(c.n, 0) OR o.en_cours <> COALESCE(c.ip, 0)
         OR o.arencontrer <> COALESCE(c.tm, 0) OR o.rencontres <> COALESCE(c.m, 0) OR o.embauches <> COALESCE(c.h, 0) OR o.refuses <> COALESCE(c.r, 0)`);
    expect(wrong[0]).to.deep.equal([]);

    // Every company is within its plan's quota; competencesText mirrors competences.
    const plans = (await knex('entreprises as e').select(
      'e.plan',
      knex.raw(
        "(SELECT COUNT(*) FROM offres o WHERE o.entreprise_id = e.id AND o.status = 'PUBLISHED') as published",
      ),
    )) as { plan: Plan; published: number }[];
    for (const p of plans) expect(p.published).to.be.at.most(PUBLISHED_OFFRES_QUOTA[p.plan]);
    const offre = await knex('offres').first('competences', 'competencesText');
    const list = typeof offre.competences === 'string' ? JSON.parse(offre.competences) : offre.competences;
    expect(offre.competencesText).to.equal(list.join(' '));

    const account = await knex('accounts')
      .where({ email: `recruteur1@${DEMO_EMAIL_DOMAIN}` })
      .first('passwordHash');
    expect(await verifyPassword(account.passwordHash, DEMO_PASSWORD)).to.equal(true);
  });

  it("publishes every title of each company's sector, so a newcomer's first searches find something", async () => {
    const published = new Set(
      ((await knex('offres').where({ status: 'PUBLISHED' }).pluck('titre')) as string[]).map((t) =>
        t.replace(/^Stage : /, ''),
      ),
    );
    const sectorsOfCompanies = new Set(
      (await knex('entreprises as e')
        .join('secteursActivite as s', 's.id', 'e.secteurActiviteId')
        .distinct()
        .pluck('s.nom')) as string[],
    );
    const keys = (Object.keys(JOBS) as SecteurKey[]).filter((k) => sectorsOfCompanies.has(SECTEUR_NOMS[k]));
    expect(keys.length).to.be.at.least(10);
    for (const k of keys) for (const job of JOBS[k]) expect([...published], job.titre).to.include(job.titre);
    for (const title of ['Secrétaire de direction', 'Vendeuse en boutique', 'Chargée de marketing'])
      expect([...published]).to.include(title);
  });

  it('a third of the demo candidates take the weekly digest, so a dry run has someone to write to', async () => {
    const readers = await knex('recommendationPreferences').where({ digestHebdo: true }).count({ n: '*' });
    expect(Number(readers[0].n)).to.equal(20);
    // As the CLI runs it: no search index, so the run's recommendation engine is this database's
    // own (keyed by the handle) and released after the run, not the one the API tests share.
    const ctx = createContext(
      { ...testDeps(), db: knex, search: undefined },
      { type: 'system', id: 'demo-test' },
    );
    const report = await sendWeeklyDigests(ctx, { dryRun: true });
    expect(report.candidatsScanned).to.equal(20);
    expect(report.digestsSent).to.be.above(0);
  });
});
