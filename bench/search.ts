/**
 * Offers search benchmark: `node --import tsx bench/search.ts [--offers 100000] [--requests 400] [--concurrency 16] [--keep]`.
 *
 * 1. Creates a scratch database `recrutement_bench` (dropped at the end, also on failure),
 *    migrates it, seeds geography and sectors, then generates realistic offers (titles, skills
 *    and descriptions from the demo vocabulary, over 300 companies and the main cities).
 * 2. Starts the API in-process on 127.0.0.1 (random port) and, for a few representative queries,
 *    sends a bounded number of GET /v1/api/offres/search requests with a fixed concurrency (plain
 *    fetch), printing p50 / p99 latency and requests per second.
 * 3. Runs the same search SQL (the statements the API runs, from buildSearchQueries) directly
 *    through mysql2 with the same concurrency, so the ratio shows what the API adds (HTTP,
 *    validation, loading the full OffreEmploiResponse with its company for each of the 20 hits).
 */
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import { createKnex, dropDatabase, ensureDatabase } from '../lib/db.ts';
import { migrateLatest } from '../lib/migrator.ts';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { systemClock } from '../lib/clock.ts';
import { LocalStorage } from '../lib/storage.ts';
import { startServer } from '../api/server.ts';
import { seedGeography } from '../seeds/geography.ts';
import { seedReferenceData } from '../seeds/reference-data.ts';
import { JOBS, OTHER_CITIES, type SecteurKey } from '../seeds/demo.ts';
import { buildSearchQueries, type SearchInput } from '../domain/offres/search-offres.ts';
import { shortTokenColumns } from '../domain/offres/short-tokens.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const OFFERS = arg('offers', 100_000);
/** --keep: leave the scratch database in place (for EXPLAIN and manual queries). */
const KEEP = process.argv.includes('--keep');
const REQUESTS = arg('requests', 400);
const CONCURRENCY = arg('concurrency', 16);
const SERVER = process.env.BENCH_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';
const DATABASE_URL = `${SERVER}/recrutement_bench`;

/** Representative searches: common words, a rare one, several words with filters, a short word, nothing. */
const QUERIES: { label: string; input: SearchInput }[] = [
  { label: 'développeur', input: { q: 'développeur' } },
  { label: 'comptable (accent-free: "comptable sage")', input: { q: 'comptable sage' } },
  { label: 'ingénieur génie civil, CDI', input: { q: 'ingénieur génie civil', contractType: 'CDI' } },
  { label: 'chauffeur + salaireMin 300000', input: { q: 'chauffeur', salaireMin: 300000 } },
  { label: 'RH (short word, short-token index)', input: { q: 'RH' } },
  { label: 'photovoltaique dimensionnement', input: { q: 'photovoltaique dimensionnement' } },
  { label: 'no q (newest first)', input: {} },
];

// A tiny seeded generator, so two runs index the same data.
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

const SENIORITY = ['', '', '', 'Junior', 'Senior', 'Responsable', 'Assistant', 'Chef d’équipe', 'Stagiaire'];
const FILLER = (
  'vous rejoindrez une équipe dynamique au sein de notre entreprise leader sur son marché au Cameroun et en Afrique centrale ' +
  'les missions principales comprennent la planification le suivi des activités la rédaction des rapports et la coordination avec les partenaires ' +
  'nous offrons un salaire motivant une assurance maladie des primes de performance et des formations régulières ' +
  'profil recherché rigueur autonomie sens du service esprit d’équipe maîtrise du français et de l’anglais appréciée ' +
  'poste basé en agglomération avec des déplacements ponctuels dans les régions'
).split(' ');

function sentence(words: number): string {
  return Array.from({ length: words }, () => pick(FILLER)).join(' ');
}

async function generate(): Promise<void> {
  const knex = createKnex(DATABASE_URL, { min: 0, max: 4 });
  try {
    await migrateLatest(knex);
    await seedReferenceData(knex);
    await seedGeography(knex);
    const secteurs = (await knex('secteursActivite').select('id')) as { id: number }[];
    const villes = (await knex('villes').whereIn('slug', OTHER_CITIES).select('id', 'nom')) as {
      id: number;
      nom: string;
    }[];
    const sectorKeys = Object.keys(JOBS) as SecteurKey[];
    const companies: { id: number; secteur: SecteurKey }[] = [];
    for (let i = 0; i < 300; i++) {
      const secteur = pick(sectorKeys);
      const [id] = await knex('entreprises').insert({
        nomEntreprise: `${pick(['Groupe', 'Société', 'Établissements', 'Cabinet', 'Compagnie'])} ${pick(['Wouri', 'Sanaga', 'Nyong', 'Bénoué', 'Mungo', 'Lobé', 'Dja', 'Mbam', 'Noun', 'Logone'])} ${i}`,
        secteurActiviteId: pick(secteurs).id,
        plan: 'ENTREPRISE',
        adresseVilleId: pick(villes).id,
      });
      companies.push({ id, secteur });
    }
    const now = Date.now();
    const BATCH = 2000;
    for (let done = 0; done < OFFERS; done += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, OFFERS - done) }, () => {
        const company = pick(companies);
        const job = pick(JOBS[company.secteur]);
        const ville = pick(villes);
        const competences = job.competences.filter(() => rand() < 0.7);
        const base = pick([80_000, 150_000, 250_000, 400_000, 700_000, 1_200_000]);
        const status = rand() < 0.85 ? 'PUBLISHED' : pick(['DRAFT', 'ARCHIVED']);
        return {
          entrepriseId: company.id,
          titre: `${pick(SENIORITY)} ${job.titre}`.trim(),
          departement: job.departement,
          localisation: ville.nom,
          villeId: ville.id,
          contractType: pick(['CDI', 'CDI', 'CDD', 'FREELANCE', 'STAGE']),
          description: `Nous recherchons un(e) ${job.titre.toLowerCase()} à ${ville.nom}. ${sentence(40)}. Compétences : ${competences.join(', ')}. ${sentence(30)}.`,
          experience: pick(['Débutant accepté', '2 ans', '3 à 5 ans', '5 ans et plus']),
          competences: JSON.stringify(competences),
          competencesText: competences.join(' '),
          salaireMin: base,
          salaireMax: Math.round(base * (1.2 + rand())),
          remotePossible: rand() < 0.15,
          status,
          publishedAt: status === 'DRAFT' ? null : new Date(now - Math.floor(rand() * 60 * 86_400_000)),
        };
      });
      await knex('offres').insert(rows.map((row) => ({ ...row, ...shortTokenColumns(row) })));
      if ((done / BATCH) % 10 === 0) console.log(`  ${done + rows.length} offers`);
    }
    await knex.raw('ANALYZE TABLE offres, entreprises');
  } finally {
    await knex.destroy();
  }
}

interface Result {
  p50: number;
  p99: number;
  rps: number;
  hits: number;
}

async function measure(task: () => Promise<number>): Promise<Result> {
  for (let i = 0; i < Math.min(20, REQUESTS); i++) await task();
  const latencies: number[] = [];
  let next = 0;
  let hits = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        hits = await task();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / elapsed, hits };
}

function queryString(input: SearchInput): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

async function main(): Promise<void> {
  console.log(`bench/search: ${OFFERS} offers, ${REQUESTS} requests per query, concurrency ${CONCURRENCY}`);
  await dropDatabase(DATABASE_URL);
  await ensureDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 0, max: CONCURRENCY + 4 });
  const pool = mysql.createPool({ uri: DATABASE_URL, connectionLimit: CONCURRENCY, timezone: 'Z' });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    let t = performance.now();
    await generate();
    console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENABLED: 'false',
      JWT_SECRET: 'bench-secret-bench-secret-bench',
    });
    const logger = createLogger('silent');
    server = await startServer(
      { db: knex, config, logger, clock: systemClock, storage: new LocalStorage('var/bench-uploads') },
      0,
      '127.0.0.1',
    );
    const base = server.url;
    const rows: string[][] = [];
    for (const { label, input } of QUERIES) {
      const url = `${base}/v1/api/offres/search?${queryString(input)}`;
      const api = await measure(async () => {
        const res = await fetch(url);
        if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
        const body = (await res.json()) as { page: { totalElements: number } };
        return body.page.totalElements;
      });
      const { rows: rowsQuery, count, countInRows } = buildSearchQueries(knex, input, new Date());
      const sqlRows = rowsQuery!.toSQL().toNative();
      const sqlCount = count!.toSQL().toNative();
      // The same statements as the API: the page (with its total when there are words), else page and count in parallel.
      const sql = await measure(async () => {
        if (countInRows) {
          const [page] = (await pool.query(sqlRows.sql, sqlRows.bindings as unknown[])) as unknown as [
            { total_count: number }[],
          ];
          return page.length ? Number(page[0].total_count) : 0;
        }
        const [, [total]] = await Promise.all([
          pool.query(sqlRows.sql, sqlRows.bindings as unknown[]),
          pool.query(sqlCount.sql, sqlCount.bindings as unknown[]).then(([r]) => r as { n: number }[]),
        ]);
        return Number(total.n);
      });
      rows.push([
        label,
        String(api.hits),
        api.p50.toFixed(1),
        api.p99.toFixed(1),
        api.rps.toFixed(0),
        sql.p50.toFixed(1),
        sql.p99.toFixed(1),
        sql.rps.toFixed(0),
        (api.p50 / sql.p50).toFixed(2),
      ]);
    }
    t = performance.now();
    const header = [
      'query',
      'matches',
      'API p50 ms',
      'API p99 ms',
      'API req/s',
      'SQL p50 ms',
      'SQL p99 ms',
      'SQL q/s',
      'API/SQL p50',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log('');
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const r of rows) console.log(line(r));
  } finally {
    if (server) await server.close();
    await pool.end();
    await knex.destroy();
    if (!KEEP) await dropDatabase(DATABASE_URL);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
