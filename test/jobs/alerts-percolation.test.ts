/**
 * Alert matching by percolation gives exactly what a brute-force scan gives: generated offers
 * and generated alerts (keywords with plurals, typos, synonyms, technical tokens; city, region,
 * contract, salary and remote filters), one run, then every alert's recorded matches compared
 * with a plain scan of the offers. Then a run that dies halfway is resumed and sends nothing twice.
 */
import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { loadSynonymGroups } from '../../domain/search/synonym-groups.ts';
import type { ContractType } from '../../models/offre.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';
import { alertEmails, createAlertRow, matchedOffres, retireAlerts } from '../helpers/alert-factories.ts';
import { coversAllWords, scanFields } from '../helpers/brute-force-search.ts';

const HOUR = 3600_000;
const TITLES = [
  'Développeur Java',
  'Développeuse web',
  'Comptable',
  'Comptables confirmés',
  'Chauffeur poids lourd',
  'Conducteur de bus',
  'Ingénieure génie civil',
  'Chargé RH',
  'Responsable ressources humaines',
  'Technicien réseaux',
];
const SKILLS = ['C++', 'C#', '.NET', 'Node.js', 'SAP', 'Sage', 'Excel', 'Autocad', 'IT'];
const KEYWORDS = [
  'développeur',
  'développeurs java',
  'devloppeur',
  'comptable',
  'compta',
  'chauffeur',
  'ingénieur',
  'RH',
  'ressources humaines',
  'C++',
  '.NET',
  'sage',
  'réseau',
  'le de',
];
const CITIES = ['douala', 'yaounde', 'bafoussam'];
const CONTRACTS: ContractType[] = ['CDI', 'CDD', 'STAGE'];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('Job alerts: percolation against a brute-force scan', function () {
  this.timeout(120_000);
  const created: number[] = [];

  after(async () => {
    await retireAlerts(created);
  });

  it('records exactly the brute-force matches of every alert, and a resumed run sends nothing twice', async () => {
    const rand = seeded(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
    const db = testDb();
    const t0 = new Date('2020-03-02T06:00:00Z');
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const villes = new Map(
      (
        (await db('villes').whereIn('slug', CITIES).select('id', 'slug', 'nom', 'regionId')) as {
          id: number;
          slug: string;
          nom: string;
          regionId: number;
        }[]
      ).map((v) => [v.slug, v]),
    );
    const offres = [];
    for (let i = 0; i < 120; i++) {
      const o = {
        titre: pick(TITLES),
        competences: [pick(SKILLS), pick(SKILLS)],
        description: `${pick(TITLES)} pour une entreprise ${pick(['industrielle', 'de services'])}`,
        villeSlug: pick(CITIES),
        contractType: pick(CONTRACTS),
        salaireMin: 200_000,
        salaireMax: rand() < 0.3 ? null : 200_000 + Math.floor(rand() * 6) * 100_000,
        remotePossible: rand() < 0.3,
        deadline: rand() < 0.1 ? '2020-03-02' : null,
        publishedAt: new Date(t0.getTime() + (1 + rand() * 20) * HOUR),
      };
      offres.push({ ...o, id: await createOffre(recruteur, o) });
    }
    const alerts = [];
    for (let i = 0; i < 80; i++) {
      const a = {
        keywords: pick(KEYWORDS),
        villeId: rand() < 0.3 ? villes.get(pick(CITIES))!.id : null,
        regionId: rand() < 0.2 ? villes.get(pick(CITIES))!.regionId : null,
        contractType: rand() < 0.3 ? pick(CONTRACTS) : null,
        salaireMin: rand() < 0.3 ? 400_000 : null,
        remotePossible: rand() < 0.2 ? true : null,
        createdAt: t0,
      };
      const row = await createAlertRow(a);
      created.push(row.id);
      alerts.push({ ...a, ...row });
    }

    // A run that dies between two batches of 10 alerts, once some of these alerts got their digest
    // (the heartbeat between batches fails; alerts of other test files may come first by id).
    const clock = new ManualClock(new Date(t0.getTime() + 24 * HOUR));
    const sentSoFar = async () =>
      Number((await db('jobAlertMatches').whereIn('alertId', created).countDistinct({ n: 'alertId' }))[0].n);
    const crashed = await runAlertMatching(domainCtx(undefined, { clock }), {
      batchSize: 10,
      heartbeat: async () => {
        if ((await sentSoFar()) > 0) throw new Error('worker killed');
      },
    }).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(crashed).to.equal('worker killed');
    const sentBefore = await sentSoFar();

    await runAlertMatching(domainCtx(undefined, { clock }), { batchSize: 10 });
    const again = await runAlertMatching(domainCtx(undefined, { clock }), { batchSize: 10 });
    expect(again.emailsQueued).to.equal(0);

    const synonyms = new SynonymSet(await loadSynonymGroups(db));
    // The offers' place as createOffre writes it: the city's name, in localisation too.
    const scanned = offres.map((o) => {
      const ville = villes.get(o.villeSlug)!;
      return { ...o, fields: scanFields({ ...o, localisation: ville.nom, villeNom: ville.nom }), ville };
    });
    let matchedAlerts = 0;
    for (const a of alerts) {
      const words = queryWords(a.keywords, synonyms);
      const expected = scanned
        .filter(
          (o) =>
            words.length > 0 &&
            o.deadline === null &&
            (a.villeId === null || o.ville.id === a.villeId) &&
            (a.regionId === null || o.ville.regionId === a.regionId) &&
            (a.contractType === null || o.contractType === a.contractType) &&
            (a.salaireMin === null || o.salaireMax === null || o.salaireMax >= a.salaireMin) &&
            (a.remotePossible !== true || o.remotePossible) &&
            coversAllWords(o.fields, words),
        )
        .map((o) => o.id)
        .sort((x, y) => x - y);
      expect(await matchedOffres(a.id), `alert "${a.keywords}" ${JSON.stringify(a)}`).to.deep.equal(expected);
      // One digest at most per alert: nothing was sent twice across the crash.
      expect((await alertEmails(a.email)).length).to.equal(expected.length ? 1 : 0);
      if (expected.length) matchedAlerts += 1;
    }
    expect(matchedAlerts).to.be.greaterThan(20);
    // The crash came before the end: the resumed run did the rest.
    expect(sentBefore).to.be.greaterThan(0).and.lessThan(matchedAlerts);
  });
});
