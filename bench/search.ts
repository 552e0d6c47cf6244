/**
 * Offers search benchmark: `node --import tsx bench/search.ts [--offers 100000] [--requests 400] [--mix-requests 20000] [--concurrency 32] [--keep]`.
 *
 * 1. Creates a scratch database `recrutement_bench` (dropped at the end, also on failure),
 *    migrates it, seeds geography, sectors and synonyms, then generates realistic offers.
 * 2. Builds the search index as an API process does, printing its build time and heap.
 * 3. Starts the API as its own process (`recrutement serve`) with rate limiting on, as in
 *    production (each request from another client address: bench/lib/client-addresses.ts, so
 *    every request is counted and none refused) and, for each query, sends GET
 *    /v1/api/offres/search with a fixed concurrency (keep-alive http), printing p50 / p99 and
 *    req/s; then the same queries through the previous FULLTEXT SQL (bench/lib/fulltext-baseline.ts)
 *    over mysql2, same concurrency. Then the whole mix (20,000 requests, --mix-requests, after one
 *    search of each client, printed apart: a client's first search on an instance reads its
 *    shared counter) three ways: the API, a bare Koa process
 *    answering the very same bytes (bench/lib/bare-koa.ts: the request path's limit), both loaded
 *    by autocannon (each connection sends the queries in turn; a client that parses every 37 KB
 *    page, as the per-query table's does, is itself the limit), and FULLTEXT; and once more on an
 *    API process that keeps no answer and replays none (SEARCH_KEPT_ANSWER_MS=0, ANSWER_REPLAY_MS=0:
 *    every page made afresh), since the mix repeats its queries and a kept page is sent again for
 *    500 ms. This process holds no index while it loads the others (step 2's is let go).
 * 4. Freshness: a second API process on the same database; an offer's title changed in the
 *    database is searched on it until that offer comes back with its new title; p50 / p99 of that delay.
 *
 * Last line, over the query mix: `search: <N> req/s p99 <M> ms = <R>x bare Koa, <K>x FULLTEXT`.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { createLogger } from '../lib/logger.ts';
import type { SearchInput } from '../domain/offres/search-offres.ts';
import { createSearchReplica } from '../engines/search/search-replica.ts';
import { flag, numberArg } from './lib/args.ts';
import { startApiProcess, type ApiChild } from './lib/api-process.ts';
import { startBareKoa, type BareKoa } from './lib/bare-koa.ts';
import { CLIENTS, RATE_LIMITED_ENV, nextClientAddress } from './lib/client-addresses.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { addFulltextIndexes, fulltextQueries } from './lib/fulltext-baseline.ts';
import { FILLER_WORDS, generateEntreprisesAndOffers } from './lib/generate-offers.ts';
import { autocannonLoad } from './lib/autocannon-load.ts';
import { percentile, runConcurrently } from './lib/latency.ts';
import { seededRandom } from './lib/random.ts';

const OFFERS = numberArg('offers', 100_000);
/** --keep: leave the scratch database in place (for EXPLAIN and manual queries). */
const KEEP = flag('keep');
const REQUESTS = numberArg('requests', 400);
/**
 * Requests of each autocannon run of the mix: at 5,000 req/s, 400 a query (3,200) lasted 0.6 s and
 * its p99 was its 32 slowest requests, so one pause of the machine decided it.
 */
const MIX_REQUESTS = numberArg('mix-requests', 20_000);
const CONCURRENCY = numberArg('concurrency', 32);
const FRESHNESS_SAMPLES = numberArg('freshness', 40);
const DATABASE_URL = benchDatabaseUrl('recrutement_bench');

/** The tail as the issue states its target: p99 over p50. */
const tail = (f: { p50: number; p99: number }) => `p99 ${(f.p99 / f.p50).toFixed(1)}x p50`;

/** Representative searches: common words, several words with filters, a typo, a plural, nothing. */
const QUERIES: { label: string; input: SearchInput }[] = [
  { label: 'développeur', input: { q: 'développeur' } },
  { label: 'comptable sage', input: { q: 'comptable sage' } },
  { label: 'ingénieur génie civil, CDI', input: { q: 'ingénieur génie civil', contractType: 'CDI' } },
  { label: 'chauffeur + salaireMin 300000', input: { q: 'chauffeur', salaireMin: 300000 } },
  { label: 'photovoltaique dimensionnement', input: { q: 'photovoltaique dimensionnement' } },
  { label: 'développeurs (plural)', input: { q: 'développeurs' } },
  { label: 'devloppeur (typo)', input: { q: 'devloppeur' } },
  { label: 'no q (newest first)', input: {} },
];

async function generate(): Promise<void> {
  const knex = createKnex(DATABASE_URL, { min: 0, max: 4 });
  try {
    await migrateAndSeed(knex);
    await generateEntreprisesAndOffers(knex, {
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

function queryString(input: SearchInput): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}

/** Keep-alive connections, as a browser or a gateway would hold them (fetch's client costs more CPU than the API in one process). */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const searchPath = (input: SearchInput) => {
  const query = queryString(input);
  return `/v1/api/offres/search${query ? `?${query}` : ''}`;
};
const clientHeaders = () => ({ 'CF-Connecting-IP': nextClientAddress() });

function apiSearch(base: string, input: SearchInput): Promise<number> {
  const url = `${base}${searchPath(input)}`;
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: clientHeaders() }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: HTTP ${res.statusCode}`));
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            page: { totalElements: number };
          };
          resolve(body.page.totalElements);
        });
      })
      .on('error', reject);
  });
}

async function sqlSearch(
  pool: mysql.Pool,
  knex: ReturnType<typeof createKnex>,
  input: SearchInput,
): Promise<number> {
  const { page, count } = fulltextQueries(knex, input, new Date());
  const p = page.toSQL().toNative();
  if (!count) {
    const [rows] = (await pool.query(p.sql, p.bindings as unknown[])) as unknown as [{ total: number }[]];
    return rows.length ? Number(rows[0].total) : 0;
  }
  const c = count.toSQL().toNative();
  const [, [n]] = await Promise.all([
    pool.query(p.sql, p.bindings as unknown[]),
    pool.query(c.sql, c.bindings as unknown[]).then(([r]) => r as { n: number }[]),
  ]);
  return Number(n.n);
}

async function measure(task: () => Promise<number>) {
  for (let i = 0; i < Math.min(20, REQUESTS); i++) await task();
  let hits = 0;
  const figures = await runConcurrently(
    async () => {
      hits = await task();
    },
    { total: REQUESTS, concurrency: CONCURRENCY },
  );
  return { ...figures, hits };
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

async function foundWithTitle(base: string, q: string, id: number, titre: string): Promise<boolean> {
  const res = await fetch(`${base}/v1/api/offres/search?${new URLSearchParams({ q })}`, {
    headers: clientHeaders(),
  });
  const body = (await res.json()) as { content: { id: number; titre: string }[] };
  return body.content.some((h) => h.id === id && h.titre === titre);
}

/** Milliseconds until an offer renamed in the database is found, with its new title, by a search on the other instance. */
async function freshness(knex: ReturnType<typeof createKnex>, other: string): Promise<number[]> {
  const ids = (await knex('offres')
    .where('status', 'PUBLISHED')
    .orderBy('id')
    .limit(FRESHNESS_SAMPLES)
    .pluck('id')) as number[];
  const delays: number[] = [];
  const letters = seededRandom(7);
  for (const id of ids) {
    // Eight random letters: no two samples' words are within typo distance of each other.
    const word = `zq${Array.from({ length: 8 }, () => letters.pick([...'abcdefghijklmnopqrstuvwxyz'])).join('')}`;
    // A random moment of the other instance's poll cycle, as a real edit would land.
    await new Promise((r) => setTimeout(r, letters.rand() * 1000));
    const t = performance.now();
    await knex('offres')
      .where({ id })
      .update({ titre: `Poste ${word}` });
    while (!(await foundWithTitle(other, word, id, `Poste ${word}`)))
      await new Promise((r) => setTimeout(r, 20));
    delays.push(performance.now() - t);
  }
  return delays.sort((a, b) => a - b);
}

/**
 * Builds the search index once in this process to print its size, then lets it go: the load
 * generator below runs in this process, and a 200 MB heap would slow its collections.
 */
async function measureIndex(knex: ReturnType<typeof createKnex>): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const replica = createSearchReplica(knex, createLogger('silent'), {
    searchPollMs: 1000,
    searchSyncOnRead: false,
  });
  const stats = await replica.rebuild();
  gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
  console.log(
    `index: ${stats.offres} public offers, ${stats.words} words, built in ${(stats.ms / 1000).toFixed(1)} s, heap +${heapMb.toFixed(0)} MB${gc ? '' : ' (without --expose-gc: approximate)'}`,
  );
}

/** The query mix against `base` with autocannon: each connection sends the queries in turn. */
function mixLoad(base: string, amount = MIX_REQUESTS, warmup = true) {
  return autocannonLoad(`${base}/v1/api/offres/search`, {
    connections: CONCURRENCY,
    amount,
    seconds: 60,
    warmup,
    requests: QUERIES.map((q) => ({ method: 'GET', path: searchPath(q.input) })),
  });
}

/**
 * A fresh API process meets each client for the first time (its first search reads the client's
 * shared counter, through the routes): that pass runs first and is printed apart, so that the mix
 * measures the steady state, as a long-running instance serves it.
 */
async function firstSearchOfEachClient(base: string): Promise<void> {
  const first = await mixLoad(base, CLIENTS, false);
  console.log(
    `the first search of each of ${CLIENTS} clients on a fresh instance: ${first.rps.toFixed(0)} req/s, p50 ${first.p50.toFixed(1)} ms, p99 ${first.p99.toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  console.log(`bench/search: ${OFFERS} offers, ${REQUESTS} requests per query, concurrency ${CONCURRENCY}`);
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 0, max: CONCURRENCY + 4 });
  const pool = mysql.createPool({ uri: DATABASE_URL, connectionLimit: CONCURRENCY, timezone: 'Z' });
  const servers: (ApiChild | BareKoa)[] = [];
  try {
    let t = performance.now();
    await generate();
    console.log(`generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    await measureIndex(knex);
    const server = await startApiProcess(DATABASE_URL, RATE_LIMITED_ENV);
    servers.push(server);

    t = performance.now();
    await addFulltextIndexes(knex);
    console.log(
      `FULLTEXT indexes for the baseline built in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const rows: string[][] = [];
    for (const { label, input } of QUERIES) {
      const api = await measure(() => apiSearch(server.url, input));
      const sql = await measure(() => sqlSearch(pool, knex, input));
      rows.push([
        label,
        String(api.hits),
        api.p50.toFixed(1),
        api.p99.toFixed(1),
        api.rps.toFixed(0),
        String(sql.hits),
        sql.p50.toFixed(1),
        sql.p99.toFixed(1),
        sql.rps.toFixed(0),
        (api.rps / sql.rps).toFixed(1),
      ]);
    }
    console.log('');
    printTable(
      [
        'query',
        'index matches',
        'p50 ms',
        'p99 ms',
        'req/s',
        'FULLTEXT matches',
        'p50 ms',
        'p99 ms',
        'req/s',
        'req/s ratio',
      ],
      rows,
    );

    const total = REQUESTS * QUERIES.length;
    await firstSearchOfEachClient(server.url);
    const mixApi = await mixLoad(server.url);
    const bare = await startBareKoa(
      server.url,
      QUERIES.map((q) => searchPath(q.input)),
      clientHeaders,
    );
    servers.push(bare);
    const mixKoa = await mixLoad(bare.url);
    const mixSql = await runConcurrently(
      (i) => sqlSearch(pool, knex, QUERIES[i % QUERIES.length].input).then(() => undefined),
      {
        total,
        concurrency: CONCURRENCY,
      },
    );

    // The same mix on an instance that keeps no answer: what every request costs made afresh.
    const afresh = await startApiProcess(DATABASE_URL, {
      ...RATE_LIMITED_ENV,
      SEARCH_KEPT_ANSWER_MS: '0',
      ANSWER_REPLAY_MS: '0',
    });
    await firstSearchOfEachClient(afresh.url);
    const mixAfresh = await mixLoad(afresh.url);
    await afresh.stop();

    const second = await startApiProcess(DATABASE_URL, RATE_LIMITED_ENV);
    servers.push(second);
    const delays = await freshness(knex, second.url);
    console.log(
      `\nfreshness on a second instance (${delays.length} edits): p50 ${percentile(delays, 0.5).toFixed(0)} ms, p99 ${percentile(delays, 0.99).toFixed(0)} ms`,
    );
    console.log(
      `mix: API ${mixApi.rps.toFixed(0)} req/s p50 ${mixApi.p50.toFixed(1)} ms p99 ${mixApi.p99.toFixed(1)} ms (${tail(mixApi)}); ` +
        `bare Koa ${mixKoa.rps.toFixed(0)} req/s p50 ${mixKoa.p50.toFixed(1)} ms p99 ${mixKoa.p99.toFixed(1)} ms (${tail(mixKoa)}); FULLTEXT ${mixSql.rps.toFixed(0)} req/s`,
    );
    console.log(
      `mix made afresh (SEARCH_KEPT_ANSWER_MS=0, ANSWER_REPLAY_MS=0): ${mixAfresh.rps.toFixed(0)} req/s p50 ${mixAfresh.p50.toFixed(1)} ms p99 ${mixAfresh.p99.toFixed(1)} ms = ${(mixAfresh.rps / mixKoa.rps).toFixed(2)}x bare Koa`,
    );
    console.log(
      `search: ${mixApi.rps.toFixed(0)} req/s p99 ${mixApi.p99.toFixed(1)} ms = ${(mixApi.rps / mixKoa.rps).toFixed(2)}x bare Koa, ${(mixApi.rps / mixSql.rps).toFixed(1)}x FULLTEXT`,
    );
  } finally {
    agent.destroy();
    for (const s of servers) await s.stop();
    await pool.end();
    await knex.destroy();
    if (!KEEP) await dropDatabase(DATABASE_URL);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
