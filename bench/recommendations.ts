/**
 * Recommendations: quality and speed, on data made from ESCO's occupations.
 *
 *   node --import tsx bench/recommendations.ts [--offers 100000] [--candidats 100000] [--eval 1000]
 *     [--requests 400] [--concurrency 2] [--depth 1000] [--keep] [--quality-only]
 *
 * Data (a scratch database): every offer and every candidate belongs to one ESCO occupation
 * (seeds/data/esco-job-titles.tsv for the French and English titles; the occupation's skills are
 * the words that set its ESCO description apart, bench/recommendations/esco-occupation-keywords.tsv,
 * both from ESCO, European Commission, CC BY 4.0; see build-esco-keywords.ts).
 * - Offers: a French title of the occupation (sometimes with H/F or a level), 5 of its 8 skills
 *   plus one skill of another occupation, a city, a contract, a salary, an experience text.
 * - Candidates: a job title that is a French title (60 %) or an English one (40 %) of the
 *   occupation, its skills with 3 removed and one of another occupation added, a city, a level.
 * Relevant = same occupation, in both directions. The figures:
 * - nDCG@10 of the offers recommended to sampled candidates, against the baseline: the search
 *   engine (domain/search, as GET /offres/search ranks) queried with the candidate's job title;
 * - nDCG@10 of the candidates suggested for sampled offers;
 * - the share of candidates (with a job title and two skills) that get at least 5 recommendations;
 * - p95 latency of GET /candidats/me/recommandations and GET /offres/{id}/candidats-suggeres
 *   through the API in its own process (rate limits on, as in production), `--concurrency`
 *   clients. Profile it with NODE_OPTIONS=--cpu-prof on that process (see README).
 */
import { performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import { createKnex, dropDatabase, type Knex } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { LocalStorage } from '../lib/storage.ts';
import { issueTokenPair } from '../domain/auth/issue-tokens.ts';
import { RecommendationEngine } from '../domain/recommendations/index.ts';
import { RERANK_DEPTH } from '../domain/recommendations/engine.ts';
import { candidatDocById } from '../domain/recommendations/loaders.ts';
import { OffreIndex, type IndexedOffre } from '../domain/search/offre-index.ts';
import { queryWords } from '../domain/search/query-words.ts';
import { PARTIAL_BELOW } from '../domain/search/relevance.ts';
import { SynonymSet } from '../domain/search/synonym-set.ts';
import { loadSynonymGroups } from '../domain/search/synonym-groups.ts';
import { escoOccupations } from '../seeds/data/esco-job-titles.ts';
import { signature } from '../seeds/data/job-title-filters.ts';
import { flag, numberArg } from './lib/args.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { systemCtx } from './lib/context.ts';
import { seededRandom, type SeededRandom } from './lib/random.ts';
import { startApiProcess, BENCH_JWT_SECRET } from './lib/api-process.ts';
import { nextClientAddress, RATE_LIMITED_ENV } from './lib/client-addresses.ts';
import { percentile } from './lib/latency.ts';

const OFFERS = numberArg('offers', 100_000);
const CANDIDATS = numberArg('candidats', 100_000);
const EVAL = numberArg('eval', 1000);
const REQUESTS = numberArg('requests', 400);
const CONCURRENCY = numberArg('concurrency', 2);
/** How many documents get an exact score in the quality runs (the API uses the engine's RERANK_DEPTH). */
const DEPTH = numberArg('depth', RERANK_DEPTH);
const DATABASE_URL = benchDatabaseUrl('recrutement_bench_recommendations');
const BATCH = 2000;
const CONTRACTS = ['CDI', 'CDI', 'CDD', 'FREELANCE', 'STAGE'] as const;
const EXPERIENCES = ['Débutant accepté', '1 à 2 ans', '2 ans minimum', '3 à 5 ans', '5 ans et plus'];
const FAKE_HASH = '$argon2id$v=19$m=65536,t=3,p=4$YmVuY2g$YmVuY2hiZW5jaGJlbmNoYmVuY2g';

interface Occupation {
  id: string;
  fr: string[];
  en: string[];
  skills: string[];
  /** ESCO's other English titles of the occupation, not in the shipped table: free wording. */
  other: string[];
}

function occupations(): Occupation[] {
  const keywords = new Map<string, { skills: string[]; other: string[] }>();
  const file = new URL('./recommendations/esco-occupation-keywords.tsv', import.meta.url);
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [id, list, other] = line.split('\t');
    if (id && list) keywords.set(id, { skills: list.split(' | '), other: other ? other.split(' | ') : [] });
  }
  const esco = escoOccupations();
  // The keywords file was built when the table held six English titles an occupation: a title it
  // holds now is joined to the offers by a synonym, no longer free wording.
  const shipped = new Set(esco.flatMap((o) => [...o.en, ...o.moreEn].map(signature)));
  return esco
    .filter((o) => o.fr.length > 0 && o.en.length > 0 && keywords.has(o.id))
    .map((o) => {
      const { skills, other } = keywords.get(o.id)!;
      return { ...o, skills, other: other.filter((t) => !shipped.has(signature(t))) };
    });
}

function shuffled<T>(list: readonly T[], r: SeededRandom): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r.rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

type TitleKind = 'French title' | 'English title' | 'free wording';
const TITLE_KINDS: TitleKind[] = ['French title', 'English title', 'free wording'];

interface World {
  occ: Occupation[];
  offreOcc: Map<number, number>;
  candidatOcc: Map<number, number>;
  offresByOcc: Map<number, number>;
  candidatsByOcc: Map<number, number>;
  indexed: IndexedOffre[];
  candidats: { id: number; email: string; jobTitle: string; titleKind: TitleKind; skills: number }[];
  offres: { id: number; entrepriseId: number; recruteurId: number }[];
  recruiters: Map<number, { id: number; email: string }>;
}

async function insertAccounts(db: Knex, role: string, emails: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < emails.length; i += BATCH) {
    const chunk = emails.slice(i, i + BATCH);
    await db('accounts').insert(
      chunk.map((email) => ({
        email,
        passwordHash: FAKE_HASH,
        role,
        enabled: true,
        emailVerifiedAt: new Date(),
      })),
    );
    const rows = (await db('accounts').whereIn('email', chunk).select('id', 'email')) as {
      id: number;
      email: string;
    }[];
    const byEmail = new Map(rows.map((r) => [r.email, Number(r.id)]));
    for (const e of chunk) ids.push(byEmail.get(e)!);
  }
  return ids;
}

async function build(db: Knex, r: SeededRandom): Promise<World> {
  const occ = occupations();
  const villes = (await db('villes as v')
    .join('regions as g', 'g.id', 'v.regionId')
    .orderBy('v.population', 'desc')
    .limit(30)
    .select('v.id', 'v.nom', 'v.regionId')) as { id: number; nom: string; regionId: number }[];
  // Most people and offers in the big cities, as in the country.
  const cityOf = () => villes[Math.floor(villes.length * r.rand() ** 2.5)];
  const levels = (await db('experienceLevels').orderBy('ordre').pluck('id')) as number[];
  const secteur = (await db('secteursActivite').first('id')) as { id: number };

  const entreprises = 300;
  const entrepriseIds: number[] = [];
  for (let i = 0; i < entreprises; i++) {
    const [id] = await db('entreprises').insert({
      nomEntreprise: `Entreprise ${i}`,
      secteurActiviteId: secteur.id,
      plan: 'ENTREPRISE',
      status: 'ACTIVE',
    });
    entrepriseIds.push(Number(id));
  }
  const recruteurEmails = entrepriseIds.map((_, i) => `recruteur${i}@bench.reco`);
  const recruteurIds = await insertAccounts(db, 'RECRUTEUR', recruteurEmails);
  await db('recruiters').insert(
    recruteurIds.map((id, i) => ({
      id,
      entrepriseId: entrepriseIds[i],
      nom: 'Bench',
      prenom: 'Recruteur',
      status: 'ACTIVE',
      companyRole: 'OWNER',
    })),
  );
  const recruteurs = new Map(
    entrepriseIds.map((e, i) => [e, { id: recruteurIds[i], email: recruteurEmails[i] }]),
  );

  const offreOcc = new Map<number, number>();
  const offresByOcc = new Map<number, number>();
  const indexed: IndexedOffre[] = [];
  const offres: World['offres'] = [];
  const now = Date.now();
  for (let i = 0; i < OFFERS; i += BATCH) {
    const rows: {
      entrepriseId: number;
      recruteurId: number;
      titre: string;
      localisation: string;
      villeId: number;
      contractType: (typeof CONTRACTS)[number];
      description: string;
      experience: string;
      competences: string;
      competencesText: string;
      salaireMin: number;
      salaireMax: number;
      remotePossible: boolean;
      status: 'PUBLISHED';
      publishedAt: Date;
    }[] = [];
    const meta: {
      o: number;
      ville: { id: number; nom: string; regionId: number };
      entrepriseId: number;
      competences: string[];
      titre: string;
    }[] = [];
    for (let k = i; k < Math.min(OFFERS, i + BATCH); k++) {
      const o = k % occ.length;
      const oc = occ[o];
      const base = r.pick(oc.fr);
      const variant = r.rand();
      const titre = variant < 0.2 ? `${base} H/F` : variant < 0.3 ? `${base} senior` : base;
      const other = occ[Math.floor(r.rand() * occ.length)];
      const competences = [...shuffled(oc.skills, r).slice(0, 5), r.pick(other.skills)];
      const ville = cityOf();
      const entrepriseId = entrepriseIds[Math.floor(r.rand() * entreprises)];
      const salaireMin = 100_000 + Math.floor(r.rand() * 10) * 50_000;
      rows.push({
        entrepriseId,
        recruteurId: recruteurs.get(entrepriseId)!.id,
        titre,
        localisation: ville.nom,
        villeId: ville.id,
        contractType: r.pick(CONTRACTS),
        description: `Nous recrutons un ${base} pour notre équipe de ${ville.nom}. Vous rejoindrez une équipe dynamique.`,
        experience: r.pick(EXPERIENCES),
        competences: JSON.stringify(competences),
        competencesText: competences.join(' '),
        salaireMin,
        salaireMax: salaireMin + 200_000,
        remotePossible: r.rand() < 0.1,
        status: 'PUBLISHED',
        publishedAt: new Date(now - Math.floor(r.rand() * 60) * 86_400_000),
      });
      meta.push({ o, ville, entrepriseId, competences, titre });
    }
    const [first] = await db('offres').insert(rows);
    // MariaDB gives consecutive ids to one multi-row insert.
    meta.forEach((m, j) => {
      const id = Number(first) + j;
      offreOcc.set(id, m.o);
      offresByOcc.set(m.o, (offresByOcc.get(m.o) ?? 0) + 1);
      offres.push({ id, entrepriseId: m.entrepriseId, recruteurId: recruteurs.get(m.entrepriseId)!.id });
      indexed.push({
        id,
        titre: m.titre,
        competences: m.competences,
        description: rows[j].description,
        entrepriseId: m.entrepriseId,
        entrepriseNom: `Entreprise ${m.entrepriseId}`,
        secteurId: secteur.id,
        villeId: m.ville.id,
        regionId: m.ville.regionId,
        contractType: rows[j].contractType,
        remotePossible: rows[j].remotePossible,
        salaireMin: rows[j].salaireMin,
        salaireMax: rows[j].salaireMax,
        deadline: null,
        publishedAt: rows[j].publishedAt,
        createdAt: rows[j].publishedAt,
      });
    });
  }

  const candidatOcc = new Map<number, number>();
  const candidatsByOcc = new Map<number, number>();
  const candidats: World['candidats'] = [];
  for (let i = 0; i < CANDIDATS; i += BATCH) {
    const n = Math.min(CANDIDATS, i + BATCH) - i;
    const emails = Array.from({ length: n }, (_, k) => `candidat${i + k}@bench.reco`);
    const ids = await insertAccounts(db, 'CANDIDAT', emails);
    const rows = ids.map((id, k) => {
      const o = (i + k) % occ.length;
      const oc = occ[o];
      const draw = r.rand();
      const titleKind: TitleKind =
        draw < 0.4 ? 'French title' : draw < 0.6 || oc.other.length === 0 ? 'English title' : 'free wording';
      const jobTitle =
        titleKind === 'French title'
          ? r.pick(oc.fr)
          : titleKind === 'English title'
            ? r.pick(oc.en)
            : r.pick(oc.other);
      const other = occ[Math.floor(r.rand() * occ.length)];
      const skills = [...shuffled(oc.skills, r).slice(0, oc.skills.length - 3), r.pick(other.skills)];
      candidatOcc.set(id, o);
      candidatsByOcc.set(o, (candidatsByOcc.get(o) ?? 0) + 1);
      candidats.push({ id, email: emails[k], jobTitle, titleKind, skills: skills.length });
      return {
        id,
        nom: 'Bench',
        prenom: `Candidat ${i + k}`,
        jobTitle,
        competences: JSON.stringify(skills),
        villeId: cityOf().id,
        experienceLevelId: r.pick(levels),
        profilPublic: r.rand() < 0.8,
      };
    });
    await db('candidates').insert(rows);
  }
  await db.raw('ANALYZE TABLE offres, candidates, accounts');
  return {
    occ,
    offreOcc,
    candidatOcc,
    offresByOcc,
    candidatsByOcc,
    indexed,
    candidats,
    offres,
    recruiters: recruteurs,
  };
}

/** nDCG@10 with binary gains: relevant = same occupation. */
function ndcg10(ids: number[], relevant: (id: number) => boolean, relevantCount: number): number {
  let dcg = 0;
  ids.slice(0, 10).forEach((id, i) => {
    if (relevant(id)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(10, relevantCount); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function quality(db: Knex, world: World, r: SeededRandom) {
  const engine = new RecommendationEngine(db, { pollMs: 1000, syncOnRead: false });
  const heap0 = process.memoryUsage().heapUsed;
  const stats = await engine.build();
  const heapMb = Math.round((process.memoryUsage().heapUsed - heap0) / 1048576);
  console.log(
    `engine: ${stats.offres} offers, ${stats.candidats} candidates, ${stats.concepts} concepts, built in ${(stats.ms / 1000).toFixed(1)} s, heap +${heapMb} MB`,
  );

  const search = new OffreIndex();
  for (const o of world.indexed) search.upsert(o);
  const synonyms = new SynonymSet(await loadSynonymGroups(db));

  const sample = shuffled(world.candidats, r).slice(0, EVAL);
  const ours: number[] = [];
  const base: number[] = [];
  let withFive = 0;
  let eligible = 0;
  const byKind = new Map<TitleKind, { ours: number[]; base: number[] }>(
    TITLE_KINDS.map((k) => [k, { ours: [], base: [] }]),
  );
  for (const c of sample) {
    const doc = await candidatDocById(db, engine.dict, c.id);
    if (!doc) continue;
    const o = world.candidatOcc.get(c.id)!;
    const relevant = (id: number) => world.offreOcc.get(id) === o;
    const count = world.offresByOcc.get(o) ?? 0;
    const ranked = engine.rankOffres(doc, {
      exclude: new Set(),
      today: 20260101,
      adjust: () => [],
      depth: DEPTH,
    });
    const score = ndcg10(
      ranked.slice(0, 10).map((x) => x.doc.id),
      relevant,
      count,
    );
    ours.push(score);
    byKind.get(c.titleKind)!.ours.push(score);
    if (c.skills >= 2) {
      eligible++;
      if (ranked.length >= 5) withFive++;
    }
    const words = queryWords(c.jobTitle, synonyms);
    const hits = words.length
      ? search
          .query({
            words,
            filters: {},
            today: '2026-01-01',
            sort: [{ field: 'relevance', direction: 'desc' }],
            offset: 0,
            limit: 10,
            partialBelow: PARTIAL_BELOW,
          })
          .hits.map((h) => h.id)
      : [];
    const baseScore = ndcg10(hits, relevant, count);
    base.push(baseScore);
    byKind.get(c.titleKind)!.base.push(baseScore);
  }

  const reverse: number[] = [];
  for (const offre of shuffled(world.offres, r).slice(0, Math.min(EVAL, 300))) {
    const doc = engine.offres.get(offre.id);
    if (!doc) continue;
    const o = world.offreOcc.get(offre.id)!;
    const ranked = engine.rankCandidats(doc, { eligible: () => true, adjust: () => [], depth: DEPTH });
    reverse.push(
      ndcg10(
        ranked.slice(0, 10).map((x) => x.doc.id),
        (id) => world.candidatOcc.get(id) === o,
        world.candidatsByOcc.get(o) ?? 0,
      ),
    );
  }
  const q = mean(ours);
  for (const [kind, v] of byKind)
    console.log(
      `  job title as ${kind} (${v.ours.length}): ours ${mean(v.ours).toFixed(3)}, title search ${mean(v.base).toFixed(3)}`,
    );
  console.log(
    `quality (${sample.length} candidates): nDCG@10 ours ${q.toFixed(3)}, baseline title search ${mean(base).toFixed(3)} (${q - mean(base) >= 0 ? '+' : ''}${(q - mean(base)).toFixed(3)})`,
  );
  console.log(`quality (${reverse.length} offers -> candidates): nDCG@10 ${mean(reverse).toFixed(3)}`);
  console.log(
    `coverage: ${((100 * withFive) / Math.max(1, eligible)).toFixed(1)} % of ${eligible} candidates with a job title and 2+ skills get 5+ recommendations`,
  );
  return q;
}

async function timed(urls: { url: string; token: string }[]): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length) {
      const { url, token } = urls[next++];
      const t0 = performance.now();
      const res = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': nextClientAddress() },
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failed) throw new Error(`${failed} requests failed`);
  return latencies.sort((a, b) => a - b);
}

/**
 * Latency through the API as production runs it: its own process (`recrutement serve`, so the
 * load generator does not share its event loop), rate limiting on, clients spread over many
 * addresses. The engine is built by the first request.
 */
async function speed(db: Knex, world: World, r: SeededRandom): Promise<[number, number]> {
  const api = await startApiProcess(DATABASE_URL, RATE_LIMITED_ENV);
  try {
    const config = loadConfig({ DATABASE_URL, JWT_SECRET: BENCH_JWT_SECRET });
    const ctx = systemCtx(db, {
      actorId: 'bench',
      config,
      storage: new LocalStorage('var/bench-uploads'),
      logLevel: 'silent',
    });
    const tokenOf = async (a: { id: number; email: string }, role: 'CANDIDAT' | 'RECRUTEUR') =>
      (await issueTokenPair(ctx, { id: a.id, email: a.email, role })).accessToken;
    const cands = shuffled(world.candidats, r).slice(0, 100);
    const candTokens = await Promise.all(cands.map((c) => tokenOf(c, 'CANDIDAT')));
    const offres = shuffled(world.offres, r).slice(0, 100);
    const recTokens = new Map<number, string>();
    for (const o of offres)
      if (!recTokens.has(o.entrepriseId))
        recTokens.set(o.entrepriseId, await tokenOf(world.recruiters.get(o.entrepriseId)!, 'RECRUTEUR'));
    const offersUrls = Array.from({ length: REQUESTS }, (_, i) => ({
      url: `${api.url}/v1/api/candidats/me/recommandations?size=20`,
      token: candTokens[i % candTokens.length],
    }));
    const candidatsUrls = Array.from({ length: REQUESTS }, (_, i) => {
      const o = offres[i % offres.length];
      return {
        url: `${api.url}/v1/api/offres/${o.id}/candidats-suggeres?size=20`,
        token: recTokens.get(o.entrepriseId)!,
      };
    });
    const t0 = performance.now();
    await timed(offersUrls.slice(0, 1));
    console.log(
      `api: first request (engine build in the API process) ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await timed(offersUrls.slice(0, 20));
    await timed(candidatsUrls.slice(0, 20));
    const a = await timed(offersUrls);
    const b = await timed(candidatsUrls);
    console.log(
      `api (own process, rate limits on, ${CONCURRENCY} clients, ${REQUESTS} requests each): offers p50 ${percentile(a, 0.5).toFixed(1)} ms p95 ${percentile(a, 0.95).toFixed(1)} ms; ` +
        `candidates p50 ${percentile(b, 0.5).toFixed(1)} ms p95 ${percentile(b, 0.95).toFixed(1)} ms`,
    );
    return [percentile(a, 0.95), percentile(b, 0.95)];
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  loadConfig({ DATABASE_URL });
  await recreateDatabase(DATABASE_URL);
  const db = createKnex(DATABASE_URL, { min: 0, max: CONCURRENCY + 6 });
  try {
    await migrateAndSeed(db);
    const r = seededRandom(30);
    const t0 = performance.now();
    const world = await build(db, r);
    console.log(
      `data: ${world.offres.length} offers and ${world.candidats.length} candidates of ${world.occ.length} ESCO occupations, inserted in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const q = await quality(db, world, r);
    // --quality-only: for tuning the weights, which changes only the quality figures.
    if (flag('quality-only')) return;
    const [a, b] = await speed(db, world, r);
    console.log(
      `recommendations: offers p95 ${a.toFixed(1)} ms, candidates p95 ${b.toFixed(1)} ms, nDCG@10 ${q.toFixed(3)}`,
    );
  } finally {
    await db.destroy();
    if (!flag('keep')) await dropDatabase(DATABASE_URL);
  }
}

await main();
