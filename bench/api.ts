/**
 * API speed: `node --import tsx bench/api.ts [--offers 100000] [--requests 3000] [--seconds 10] [--connections 32] [--rounds 3] [--paired-requests 20000] [--keep]`.
 *
 * 1. Creates a scratch database `recrutement_bench_api` (dropped at the end, also on failure),
 *    migrates it, seeds reference data and geography, and bulk-inserts 100,000 offers with French
 *    titles, skills and descriptions (the demo vocabulary) over 300 companies and the main cities,
 *    plus the candidates (each with an access token) that apply in the POST case.
 * 2. Starts the API in-process on 127.0.0.1:0 with rate limiting on, as in production (every
 *    request from another client address, bench/lib/client-addresses.ts: all counted, none
 *    refused; logger silent), waits for its search index, and a bare Koa app answering each path
 *    with the very bytes the API answered for it, then loads each case with
 *    autocannon: 32 connections, at most 3,000 requests or 10 seconds per case, reporting requests
 *    per second and p50 / p99 latency. GET /regions, GET /villes/search?q=yaou and GET /offres/{id}
 *    (64 offers in turn) each run ROUNDS times right after a bare Koa run, 20,000 requests each
 *    (--paired-requests: at these rates 3,000 lasted a fraction of a second, and one pause of the
 *    machine decided a round), and their ratio to Koa is the median of the rounds (the machine's
 *    load changes from second to second). POST
 *    /candidatures (every request a different candidate, each applying once) runs ROUNDS times
 *    with the use case as it was before (bench/lib/apply-before.ts, swapped in as the route's
 *    handler) and ROUNDS times as it is, in turn: `apply <R>x before` is the median ratio.
 * 3. For each case, the SQL the API really ran (captured from knex's query events on a first
 *    request) is replayed through mysql2 directly with the same concurrency and pool size: "bare
 *    SQL". Each overhead is printed as a ratio: API p50 / SQL p50, SQL rps / API rps.
 * 4. The token check of every authenticated request (the authenticate middleware: the signature check, then the lookup
 *    through the token cache), one at a time: `token: p50 <µs>` for a token checked again, and the
 *    p50 of a token's first check (a database round trip).
 * 5. The same three GETs again with the API (`recrutement serve`) and bare Koa each in its own process,
 *    as deployed: `own processes: regions <R>x koa, villes <R>x koa, offre <R>x koa`. The API process
 *    first answers one request of each client (its first on this instance, counted through the
 *    shared store), printed apart, so the rounds compare steady states. Each run there is 20,000
 *    requests too (--paired-requests).
 * The last line sums it up: `api: regions <R>x koa, villes <R>x koa, offre <R>x koa, apply <R>x before`.
 * The load generator runs in the same process as the API, so every HTTP figure, the bare Koa one
 * included, shares one event loop with autocannon.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import Koa from 'koa';
import mysql from 'mysql2/promise';
import type { Knex } from 'knex';
import { nodeListener } from '../api/http/node-listener.ts';
import { createKnex, dropDatabase } from '../lib/db.ts';
import type { Config } from '../lib/config.ts';
import { LocalStorage } from '../lib/storage.ts';
import { hashPassword } from '../lib/passwords.ts';
import { issueTokenPair } from '../domain/auth/issue-tokens.ts';
import { flag, numberArg } from './lib/args.ts';
import { BENCH_UPLOAD_DIR, startBenchApi, type BenchServer } from './lib/api-server.ts';
import { systemCtx } from './lib/context.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { BENCH_PASSWORD, generateEntreprisesAndOffers } from './lib/generate-offers.ts';
import { percentile, runConcurrently, type LoopFigures } from './lib/latency.ts';
import { applyToOffreBefore } from './lib/apply-before.ts';
import { routes as candidatureRoutes } from '../api/routes/candidatures.routes.ts';
import type { RouteDef } from '../api/http/route.ts';
import { AccessTokenCache } from '../domain/auth/access-token-cache.ts';
import { authenticate } from '../api/middleware/authenticate.ts';
import { systemClock } from '../lib/clock.ts';
import { seededRandom } from './lib/random.ts';
import { CLIENTS, RATE_LIMITED_ENV, nextClientAddress } from './lib/client-addresses.ts';
import { autocannonLoad } from './lib/autocannon-load.ts';
import { startApiProcess } from './lib/api-process.ts';
import { startBareKoa as startBareKoaProcess } from './lib/bare-koa.ts';

const OFFERS = numberArg('offers', 100_000);
const REQUESTS = numberArg('requests', 3_000);
const SECONDS = numberArg('seconds', 10);
const CONNECTIONS = numberArg('connections', 32);
const KEEP = flag('keep');
/** Runs of each compared case (API next to bare Koa; applying before and now), the median kept. */
const ROUNDS = numberArg('rounds', 3);
/** Requests of each run compared with bare Koa (a run of a second or two at these rates). */
const PAIRED_REQUESTS = numberArg('paired-requests', 20_000);
/** The API's own pool size (lib/db.ts default); the bare SQL gets the same. */
const POOL = 10;
const DATABASE_URL = benchDatabaseUrl('recrutement_bench_api');
const SAMPLE_OFFERS = 64;

// Seeded, so two runs build the same data and apply to the same offers.
const random = seededRandom(7);

type Published = { id: number; entrepriseId: number }[];

/** 300 companies with a recruiter each and OFFERS offers (85% published); returns the published ones. */
async function generateOffers(knex: Knex): Promise<Published> {
  await migrateAndSeed(knex);
  await generateEntreprisesAndOffers(knex, {
    random,
    offers: OFFERS,
    companies: 300,
    publishedShare: 0.85,
    // This bench's smaller name pool, so its data stays the same as in the recorded runs.
    companyNames: {
      prefixes: ['Groupe', 'Société', 'Établissements', 'Cabinet'],
      places: ['Wouri', 'Sanaga', 'Nyong', 'Bénoué', 'Mungo', 'Dja'],
    },
    companyDescriptionWords: 20,
    recruiters: true,
  });
  return (await knex('offres')
    .where({ status: 'PUBLISHED' })
    .orderBy('id')
    .select('id', 'entrepriseId')) as Published;
}

interface Applicant {
  id: number;
  token: string;
  jti: string;
}

/** Candidates with an access token each (tokens live 15 minutes: made just before the POST case). */
async function createApplicants(
  knex: Knex,
  config: Config,
  count: number,
  tag: string,
): Promise<Applicant[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const out: Applicant[] = [];
  const ctx = systemCtx(knex, {
    actorId: 'bench',
    config,
    storage: new LocalStorage(BENCH_UPLOAD_DIR),
    logLevel: 'silent',
  });
  for (let done = 0; done < count; done += 500) {
    const n = Math.min(500, count - done);
    const emails = Array.from({ length: n }, (_, i) => `candidat-${tag}-${done + i}@bench.recrutement.cm`);
    await knex('accounts').insert(
      emails.map((email) => ({ email, passwordHash, role: 'CANDIDAT', emailVerifiedAt: new Date() })),
    );
    const accounts = (await knex('accounts')
      .whereIn('email', emails)
      .orderBy('id')
      .select('id', 'email')) as { id: number; email: string }[];
    await knex('candidates').insert(
      accounts.map((a) => ({ id: a.id, nom: 'Bench', prenom: 'Candidat', country: 'Cameroun' })),
    );
    for (let i = 0; i < accounts.length; i += 16) {
      const batch = await Promise.all(
        accounts
          .slice(i, i + 16)
          .map((a) => issueTokenPair(ctx, { id: a.id, email: a.email, role: 'CANDIDAT' })),
      );
      batch.forEach((pair, j) => {
        const claims = JSON.parse(Buffer.from(pair.accessToken.split('.')[1], 'base64url').toString()) as {
          jti: string;
        };
        out.push({ id: accounts[i + j].id, token: pair.accessToken, jti: claims.jti });
      });
    }
  }
  return out;
}

/** autocannon against `url`: bounded by REQUESTS or SECONDS, whichever comes first. */
function load(
  url: string,
  opts: { requests?: autocannon.Request[]; amount?: number; warmup?: boolean } = {},
): Promise<LoopFigures> {
  return autocannonLoad(url, {
    connections: CONNECTIONS,
    amount: opts.amount ?? REQUESTS,
    seconds: SECONDS,
    requests: opts.requests,
    warmup: opts.warmup,
  });
}

/** `task` run REQUESTS times (or for SECONDS) by CONNECTIONS concurrent workers. */
function loop(task: (i: number) => Promise<void>, total = REQUESTS): Promise<LoopFigures> {
  return runConcurrently(task, { total, concurrency: CONNECTIONS, seconds: SECONDS, countFailures: true });
}

interface Statement {
  sql: string;
  bindings: unknown[];
}

/** The statements knex runs while `action` runs (run one request at a time while capturing). */
async function capture(knex: Knex, action: () => Promise<void>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on('query', listener);
  try {
    await action();
  } finally {
    knex.off('query', listener);
  }
  return statements;
}

async function replay(pool: mysql.Pool, statements: Statement[]): Promise<void> {
  const conn = await pool.getConnection();
  try {
    for (const s of statements) await conn.query(s.sql, s.bindings);
  } finally {
    conn.release();
  }
}

async function fetchOk(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), 'CF-Connecting-IP': nextClientAddress() },
  });
  const body = (await res.json()) as unknown;
  if (res.status !== 200)
    throw new Error(
      `${init?.method ?? 'GET'} ${url}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  return body;
}

interface Answer {
  type: string;
  body: Buffer;
}

/** What the API answers for `path` (under its origin), to be served again by the bare Koa app. */
async function answerOf(origin: string, path: string): Promise<Answer> {
  const res = await fetch(`${origin}${path}`, { headers: { 'CF-Connecting-IP': nextClientAddress() } });
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
  return {
    type: res.headers.get('content-type') ?? 'application/json',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** A bare Koa app on the same machine answering each path with the API's own bytes: the floor of that answer. */
async function startBareKoa(answers: Map<string, Answer>): Promise<{ url: string; close(): Promise<void> }> {
  const app = new Koa();
  app.use((ctx) => {
    const answer = answers.get(ctx.url);
    if (!answer) return void (ctx.status = 404);
    ctx.type = answer.type;
    ctx.body = answer.body;
  });
  const server = http.createServer(nodeListener(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface Row {
  label: string;
  api: LoopFigures;
  sql: LoopFigures;
  statements: number;
  /** API req/s over bare Koa req/s, each round measured next to its own Koa run (median of the rounds). */
  koaRatio?: number;
}

const f1 = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `apiRun` and a bare Koa run, one after the other, ROUNDS times: on a shared machine the load
 * changes from second to second, so each API figure is compared with the Koa figure taken next to it.
 */
async function pairedWithKoa(
  label: string,
  koaRun: () => Promise<LoopFigures>,
  apiRun: () => Promise<LoopFigures>,
): Promise<{ api: LoopFigures; koa: LoopFigures; ratio: number }> {
  const runs: { api: LoopFigures; koa: LoopFigures }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const koa = await koaRun();
    runs.push({ api: await apiRun(), koa });
  }
  const ratios = runs.map((r) => r.api.rps / r.koa.rps);
  console.log(
    `  ${label}: ${runs.map((r) => `${f1(r.api.rps)} req/s next to Koa ${f1(r.koa.rps)}`).join(', ')}`,
  );
  const mid = runs[ratios.indexOf(median(ratios))];
  return { ...mid, ratio: median(ratios) };
}

async function main(): Promise<void> {
  console.log(
    `bench/api: ${OFFERS} offers; per case at most ${REQUESTS} requests (${PAIRED_REQUESTS} next to bare Koa) or ${SECONDS} s; ${CONNECTIONS} connections; pool ${POOL}; ${ROUNDS} rounds next to bare Koa`,
  );
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 0, max: POOL });
  const pool = mysql.createPool({
    uri: DATABASE_URL,
    connectionLimit: POOL,
    timezone: 'Z',
    supportBigNumbers: true,
  });
  let api: BenchServer | null = null;
  let koa: Awaited<ReturnType<typeof startBareKoa>> | null = null;
  try {
    const t0 = performance.now();
    const published = await generateOffers(knex);
    const version = ((await knex.raw('SELECT VERSION() AS v')) as [{ v: string }[]])[0][0].v;
    console.log(
      `generated ${OFFERS} offers (${published.length} published) in ${((performance.now() - t0) / 1000).toFixed(1)} s; database ${version}`,
    );

    const started = await startBenchApi(knex, DATABASE_URL, RATE_LIMITED_ENV);
    api = started.server;
    const { config } = started;
    // The search index is built in the background: measuring while it builds would measure the build.
    while ((await fetch(`${api.url}/ready`)).status !== 200) await new Promise((r) => setTimeout(r, 100));
    const base = `${api.url}/v1/api`;
    const sample = Array.from(
      { length: SAMPLE_OFFERS },
      (_, i) => published[Math.floor((i * published.length) / SAMPLE_OFFERS)].id,
    );
    const answers = new Map<string, Answer>();
    for (const path of ['/regions', '/villes/search?q=yaou', ...sample.map((id) => `/offres/${id}`)])
      answers.set(`/v1/api${path}`, await answerOf(api.url, `/v1/api${path}`));
    koa = await startBareKoa(answers);
    const koaUrl = koa.url;

    const rows: Row[] = [];
    // As in the own-process step below: each client's first request on this instance goes apart.
    await firstRequestOfEachClient(api.url);

    // Simple GETs: the same URL every time. The statements are those of the first request (the cache is cold).
    for (const [label, path] of [
      ['GET /regions', '/regions'],
      ['GET /villes/search?q=yaou', '/villes/search?q=yaou'],
      ['GET /offres/search?q=developpeur', '/offres/search?q=developpeur'],
    ] as const) {
      const statements = await capture(knex, async () => void (await fetchOk(`${base}${path}`)));
      const paired = label.startsWith('GET /offres')
        ? { api: await load(`${base}${path}`), koa: undefined, ratio: undefined }
        : await pairedWithKoa(
            label,
            () => load(`${koaUrl}/v1/api${path}`, { amount: PAIRED_REQUESTS }),
            () => load(`${base}${path}`, { amount: PAIRED_REQUESTS }),
          );
      const sql = await loop(() => replay(pool, statements));
      rows.push({ label, api: paired.api, sql, statements: statements.length, koaRatio: paired.ratio });
    }

    // One offer: 64 published offers in turn, each with its own captured SQL.
    const perOffer: Statement[][] = [];
    for (const id of sample)
      perOffer.push(await capture(knex, async () => void (await fetchOk(`${base}/offres/${id}`))));
    let turn = 0;
    const offresInTurn = (origin: string, amount = REQUESTS) =>
      load(`${origin}/v1/api/offres/${sample[0]}`, {
        amount,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: `/v1/api/offres/${sample[turn++ % sample.length]}` }),
          },
        ],
      });
    const offre = await pairedWithKoa(
      'GET /offres/{id}',
      () => offresInTurn(koaUrl, PAIRED_REQUESTS),
      () => offresInTurn(api!.url, PAIRED_REQUESTS),
    );
    const offreSql = await loop((i) => replay(pool, perOffer[i % perOffer.length]));
    rows.splice(2, 0, {
      label: 'GET /offres/{id}',
      api: offre.api,
      sql: offreSql,
      statements: perOffer[0].length,
      koaRatio: offre.ratio,
    });

    const ownProcesses = await inOwnProcesses(sample, offresInTurn);

    // POST /candidatures: every request is another candidate applying once, to a random published offer.
    const apply = await benchApply(knex, pool, config, base, published);
    rows.push(apply.row);

    const token = await benchToken(knex, config, apply.spareTokens);
    printReport(rows);
    const ratioOf = (label: string) => rows.find((r) => r.label.startsWith(label))!.koaRatio!.toFixed(2);
    console.log(
      `token: p50 ${token.hit.toFixed(0)} µs (same token again; a token's first check p50 ${token.miss.toFixed(0)} µs)`,
    );
    console.log(
      `own processes: regions ${ownProcesses.regions.toFixed(2)}x koa, villes ${ownProcesses.villes.toFixed(2)}x koa, offre ${ownProcesses.offre.toFixed(2)}x koa`,
    );
    console.log(
      `api: regions ${ratioOf('GET /regions')}x koa, villes ${ratioOf('GET /villes')}x koa, offre ${ratioOf('GET /offres/{id}')}x koa, apply ${apply.ratio.toFixed(1)}x before`,
    );
  } finally {
    await api?.close();
    await koa?.close();
    await knex.destroy();
    await pool.end();
    if (!KEEP) await dropDatabase(DATABASE_URL);
    else console.log(`kept ${DATABASE_URL}`);
  }
}

/**
 * A fresh instance meets every client for the first time (each first request reads the client's
 * shared counter, through the routes): measured once, apart, so that the rounds all measure the
 * same steady state instead of the first one measuring this.
 */
async function firstRequestOfEachClient(apiUrl: string): Promise<void> {
  const first = await load(`${apiUrl}/v1/api/regions`, { amount: CLIENTS, warmup: false });
  console.log(
    `  GET /regions, the first request of each of ${CLIENTS} clients on a fresh instance: ${first.rps.toFixed(0)} req/s, p50 ${first.p50.toFixed(1)} ms, p99 ${first.p99.toFixed(1)} ms`,
  );
}

/**
 * The same three GETs with the API and bare Koa each in its own process, as a deployment runs them
 * (`recrutement serve`, rate limits on), the load generator in this one: each gets a core, and no
 * figure includes the load generator's own work.
 */
async function inOwnProcesses(
  sample: number[],
  offresInTurn: (origin: string, amount: number) => Promise<LoopFigures>,
): Promise<{ regions: number; villes: number; offre: number }> {
  const api = await startApiProcess(DATABASE_URL, RATE_LIMITED_ENV);
  const paths = ['/regions', '/villes/search?q=yaou', ...sample.map((id) => `/offres/${id}`)];
  const koa = await startBareKoaProcess(
    api.url,
    paths.map((p) => `/v1/api${p}`),
    () => ({ 'cf-connecting-ip': nextClientAddress() }),
  );
  try {
    console.log('own processes (API: recrutement serve; bare Koa: bench/lib/bare-koa-server.ts):');
    await firstRequestOfEachClient(api.url);
    const paired = (label: string, path: string) =>
      pairedWithKoa(
        label,
        () => load(`${koa.url}/v1/api${path}`, { amount: PAIRED_REQUESTS }),
        () => load(`${api.url}/v1/api${path}`, { amount: PAIRED_REQUESTS }),
      );
    const regions = await paired('GET /regions', '/regions');
    const villes = await paired('GET /villes/search?q=yaou', '/villes/search?q=yaou');
    const offre = await pairedWithKoa(
      'GET /offres/{id}',
      () => offresInTurn(koa.url, PAIRED_REQUESTS),
      () => offresInTurn(api.url, PAIRED_REQUESTS),
    );
    return { regions: regions.ratio, villes: villes.ratio, offre: offre.ratio };
  } finally {
    await koa.stop();
    await api.stop();
  }
}

/**
 * The token check of every authenticated request: the API's own authenticate middleware (jsonwebtoken's
 * signature check, then the lookup through the process's token cache, as the API configures it) on
 * a Koa context, one call at a time: the same token again and again (kept lookups, asked again each
 * second), and tokens checked for the first time.
 */
async function benchToken(
  knex: Knex,
  config: Config,
  tokens: string[],
): Promise<{ hit: number; miss: number }> {
  const cache = new AccessTokenCache(knex, { syncOnRead: false });
  const middleware = authenticate({ config, clock: systemClock }, cache);
  const app = new Koa();
  const timed = async (token: string) => {
    const req = new http.IncomingMessage(new Socket());
    req.headers.authorization = `Bearer ${token}`;
    const ctx = app.createContext(req, new http.ServerResponse(req));
    const t = performance.now();
    await middleware(ctx, async () => {
      if (!ctx.state.account) throw new Error('token refused');
    });
    return (performance.now() - t) * 1000;
  };
  const miss: number[] = [];
  for (const token of tokens) miss.push(await timed(token));
  const hit: number[] = [];
  for (let i = 0; i < REQUESTS; i++) hit.push(await timed(tokens[0]));
  const p50 = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  console.log(
    `token check: ${hit.length} checks of one token, p50 ${p50(hit).toFixed(0)} µs, p99 ${percentile(
      [...hit].sort((a, b) => a - b),
      0.99,
    ).toFixed(0)} µs; ${miss.length} first checks, p50 ${p50(miss).toFixed(0)} µs`,
  );
  return { hit: p50(hit), miss: p50(miss) };
}

/** The route object of POST /candidatures: the bench swaps its handler to measure the use case as it was. */
function applyRoute(): RouteDef {
  return candidatureRoutes.find((r) => r.method === 'post' && r.path === '/candidatures')!;
}

async function benchApply(
  knex: Knex,
  pool: mysql.Pool,
  config: Config,
  base: string,
  published: Published,
): Promise<{ row: Row; ratio: number; spareTokens: string[] }> {
  const offerFor = () => random.pick(published);
  // Ids far apart, so a captured value plays one role only (see the substitution below).
  await knex.raw('ALTER TABLE candidatures AUTO_INCREMENT = 5000000');
  const perRun = Math.min(REQUESTS, 1500);
  const applicants = await createApplicants(knex, config, perRun * 2 * ROUNDS + REQUESTS + 500 + 1, 'apply');
  const [probe, ...rest] = applicants;
  const runs = Array.from({ length: 2 * ROUNDS }, (_, i) => rest.slice(i * perRun, (i + 1) * perRun));
  const forSql = rest.slice(2 * ROUNDS * perRun, 2 * ROUNDS * perRun + REQUESTS);
  const spare = rest.slice(2 * ROUNDS * perRun + REQUESTS).map((a) => a.token);

  // Not company 1 (a `limit 1` binding would look like it) nor the probe's own id.
  const probeOffer = published.find(
    (o) => o.entrepriseId > 1 && o.id !== probe.id && o.entrepriseId !== probe.id,
  )!;
  let probeId = 0;
  const statements = await capture(knex, async () => {
    const body = (await fetchOk(`${base}/candidatures`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${probe.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ offreId: probeOffer.id }),
    })) as { data: { id: number } };
    probeId = body.data.id;
  });

  // Roles of the captured bindings, so each replay is a new candidate applying to another offer.
  type Role = 'jti' | 'candidat' | 'offre' | 'entreprise' | 'candidature' | 'event' | 'now' | null;
  const roleOf = (v: unknown): Role => {
    if (v instanceof Date) return 'now';
    if (v === probe.jti) return 'jti';
    if (typeof v === 'string' && v.startsWith('evt_')) return 'event';
    if (v === probe.id) return 'candidat';
    if (v === probeOffer.id) return 'offre';
    if (v === probeOffer.entrepriseId) return 'entreprise';
    if (v === probeId) return 'candidature';
    return null;
  };
  const roles = statements.map((s) => s.bindings.map(roleOf));

  const apiRun = async (applying: Applicant[]) => {
    let turn = 0;
    const offers = applying.map(() => offerFor());
    return load(`${base}/candidatures`, {
      warmup: false,
      amount: applying.length,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const i = turn++;
            const a = applying[i % applying.length];
            return {
              ...req,
              headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ offreId: offers[i % offers.length].id }),
            };
          },
        },
      ],
    });
  };
  // Before and now in turn, ROUNDS times each, so both see the same machine.
  const route = applyRoute();
  const current = route.handler;
  const before: LoopFigures[] = [];
  const after: LoopFigures[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      route.handler = ({ ctx, body }) =>
        applyToOffreBefore(ctx, body as { offreId: number; lettreMotivation?: string | null });
      before.push(await apiRun(runs[2 * round]));
      route.handler = current;
      after.push(await apiRun(runs[2 * round + 1]));
    }
  } finally {
    route.handler = current;
  }
  const ratios = after.map((a, i) => a.rps / before[i].rps);
  const apiFigures = after[ratios.indexOf(median(ratios))];
  for (const [name, figures] of [
    ['before', before],
    ['now', after],
  ] as const)
    console.log(
      `POST /candidatures ${name}: ${figures.map((f) => `${f1(f.rps)} req/s (p50 ${ms(f.p50)} ms, ${f.failed} failed)`).join(', ')}`,
    );

  const sqlFigures = await loop(async (i) => {
    const a = forSql[i % forSql.length];
    const offre = offerFor();
    let candidatureId = 0;
    const values: Record<Exclude<Role, null>, () => unknown> = {
      jti: () => a.jti,
      candidat: () => a.id,
      offre: () => offre.id,
      entreprise: () => offre.entrepriseId,
      candidature: () => candidatureId,
      event: () => `evt_${randomUUID().replace(/-/g, '')}`,
      now: () => new Date(),
    };
    const conn = await pool.getConnection();
    try {
      for (const [k, s] of statements.entries()) {
        const bindings = s.bindings.map((v, j) => (roles[k][j] ? values[roles[k][j]!]() : v));
        const [result] = await conn.query(s.sql, bindings);
        if (/^insert into `candidatures`/.test(s.sql))
          candidatureId = (result as { insertId: number }).insertId;
      }
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      conn.release();
    }
  }, forSql.length);
  const applied = (await knex('candidatures').count({ n: '*' }).first()) as { n: number | string };
  console.log(
    `POST /candidatures: ${applied.n} applications written (1 probe + API before and now + bare SQL)`,
  );
  return {
    row: { label: 'POST /candidatures', api: apiFigures, sql: sqlFigures, statements: statements.length },
    ratio: median(ratios),
    spareTokens: spare,
  };
}

function printReport(rows: Row[]): void {
  console.log('');
  console.log(
    '| Case | API req/s | API p50 ms | API p99 ms | SQL statements | bare SQL req/s | SQL p50 ms | SQL p99 ms | API p50 / SQL p50 | SQL req/s / API req/s | API req/s / Koa req/s | requests (API / SQL), failed (API / SQL) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${f1(r.api.rps)} | ${ms(r.api.p50)} | ${ms(r.api.p99)} | ${r.statements} | ${f1(r.sql.rps)} | ${ms(r.sql.p50)} | ${ms(r.sql.p99)} | ` +
        `${(r.api.p50 / Math.max(r.sql.p50, 0.01)).toFixed(1)}x | ${(r.sql.rps / r.api.rps).toFixed(1)}x | ${r.koaRatio === undefined ? '' : `${r.koaRatio.toFixed(2)}x`} | ` +
        `${r.api.count} / ${r.sql.count}, ${r.api.failed}${r.api.failures ? ` (${r.api.failures})` : ''} / ${r.sql.failed} |`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
