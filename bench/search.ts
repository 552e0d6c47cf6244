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
import { createKnex, dropDatabase } from '../lib/db.ts';
import { buildSearchQueries, type SearchInput } from '../domain/offres/search-offres.ts';
import { flag, numberArg } from './lib/args.ts';
import { startBenchApi, type BenchServer } from './lib/api-server.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { FILLER_WORDS, generateCompaniesAndOffers } from './lib/generate-offers.ts';
import { runConcurrently } from './lib/latency.ts';
import { seededRandom } from './lib/random.ts';

const OFFERS = numberArg('offers', 100_000);
/** --keep: leave the scratch database in place (for EXPLAIN and manual queries). */
const KEEP = flag('keep');
const REQUESTS = numberArg('requests', 400);
const CONCURRENCY = numberArg('concurrency', 16);
const DATABASE_URL = benchDatabaseUrl('recrutement_bench');

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

async function generate(): Promise<void> {
  const knex = createKnex(DATABASE_URL, { min: 0, max: 4 });
  try {
    await migrateAndSeed(knex);
    await generateCompaniesAndOffers(knex, {
      random: seededRandom(42),
      offers: OFFERS,
      companies: 300,
      publishedShare: 0.85,
      filler: [
        ...FILLER_WORDS,
        ...'poste basé en agglomération avec des déplacements ponctuels dans les régions'.split(' '),
      ],
      onBatch: (inserted, batch) => {
        if (batch % 10 === 0) console.log(`  ${inserted} offers`);
      },
    });
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
  let hits = 0;
  const { p50, p99, rps } = await runConcurrently(
    async () => {
      hits = await task();
    },
    { total: REQUESTS, concurrency: CONCURRENCY },
  );
  return { p50, p99, rps, hits };
}

function queryString(input: SearchInput): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

async function main(): Promise<void> {
  console.log(`bench/search: ${OFFERS} offers, ${REQUESTS} requests per query, concurrency ${CONCURRENCY}`);
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 0, max: CONCURRENCY + 4 });
  const pool = mysql.createPool({ uri: DATABASE_URL, connectionLimit: CONCURRENCY, timezone: 'Z' });
  let server: BenchServer | null = null;
  try {
    let t = performance.now();
    await generate();
    console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    ({ server } = await startBenchApi(knex, DATABASE_URL));
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
