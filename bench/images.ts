/**
 * What images cost the API: `node --import tsx bench/images.ts [--offers 2000] [--seconds 10] [--readers 4] [--uploaders 4]`.
 *
 * 1. Creates a scratch database `recrutement_bench_images` (dropped at the end, also on failure),
 *    migrates and seeds it, inserts OFFERS offers over 20 companies (each with its OWNER), 4
 *    candidates, an admin and 4 blog articles. The API runs as its own process (storage in a
 *    temporary folder, removed at the end), so its CPU time and peak RSS are its own.
 * 2. Each image kind accepted at the limits (16 megapixels, 8,000 px a side) is uploaded alone,
 *    twice: the API's CPU time for it (from /proc, 10 ms ticks; the cheaper of the two), the wall
 *    time, and the API's peak RSS during it (VmHWM, reset before each kind through clear_refs).
 *    An 8,000 x 6,000 PNG (48 MP, 650 KB) shows what a refusal from the header costs.
 * 3. `GET /offres?size=20` from READERS concurrent clients for SECONDS: p50 and p99 alone, then
 *    while UPLOADERS clients upload the worst accepted image (the most API CPU) over and over,
 *    each to its own target; uploads answered 503 (image queue full) are counted.
 * Last line: `images: worst <kind> <ms> ms CPU, peak RSS <MB> MB; GET /offres p99 <ms> ms alone, <ms> ms with <n> uploads`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { LocalStorage } from '../lib/storage.ts';
import { issueTokenPair } from '../domain/auth/issue-tokens.ts';
import type { Role } from '../models/account.ts';
import { numberArg } from './lib/args.ts';
import { startApiProcess, type ApiChild } from './lib/api-process.ts';
import { systemCtx } from './lib/context.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { generateEntreprisesAndOffers } from './lib/generate-offers.ts';
import { runConcurrently, type LoopFigures } from './lib/latency.ts';
import { seededRandom } from './lib/random.ts';
import { drawnPng, photoJpeg, solidPng } from './lib/bench-images.ts';

const OFFERS = numberArg('offers', 2000);
const SECONDS = numberArg('seconds', 10);
const READERS = numberArg('readers', 4);
const UPLOADERS = numberArg('uploaders', 4);
const DATABASE_URL = benchDatabaseUrl('recrutement_bench_images');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';
const API = '/v1/api';

interface Tokens {
  candidates: string[];
  owners: string[];
  admin: string;
  articles: number[];
}

interface Kind {
  label: string;
  file: () => Promise<Buffer>;
  type: string;
  /** The route the i-th uploader sends it to, and its token. */
  target: (tokens: Tokens, i: number) => { path: string; token: string };
  expected: number;
}

const photo = (t: Tokens, i: number) => ({ path: '/candidats/me/photo', token: t.candidates[i] });
const logo = (t: Tokens, i: number) => ({ path: '/recruiters/company/logo', token: t.owners[i] });

const KINDS: Kind[] = [
  {
    label: 'photo PNG 4000x4000',
    file: () => drawnPng(4000, 4000),
    type: 'image/png',
    target: photo,
    expected: 200,
  },
  {
    label: 'photo JPEG 2048x2048',
    file: () => photoJpeg(2048, 2048),
    type: 'image/jpeg',
    target: photo,
    expected: 200,
  },
  {
    label: 'logo PNG 4000x4000',
    file: () => drawnPng(4000, 4000),
    type: 'image/png',
    target: logo,
    expected: 200,
  },
  {
    label: 'banner PNG 8000x2000',
    file: () => drawnPng(8000, 2000),
    type: 'image/png',
    target: (t, i) => ({ path: '/recruiters/company/banner', token: t.owners[i] }),
    expected: 200,
  },
  {
    label: 'blog cover PNG 4000x4000',
    file: () => drawnPng(4000, 4000),
    type: 'image/png',
    target: (t, i) => ({ path: `/admin/blog/articles/${t.articles[i]}/cover`, token: t.admin }),
    expected: 200,
  },
  {
    label: 'refused PNG 8000x6000',
    file: () => solidPng(8000, 6000),
    type: 'image/png',
    target: photo,
    expected: 413,
  },
];

/** CPU milliseconds (user + system) the process has used so far (Linux /proc; 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process's resident set size (VmRSS), or its peak since the last reset (VmHWM), in MB. */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const line = status.split('\n').find((l) => l.startsWith(`${field}:`));
  return line ? Number(/(\d+) kB/.exec(line)?.[1]) / 1024 : NaN;
}

/** Makes the peak RSS start again from the current RSS (Linux 4.0+); false where not allowed. */
function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function tokenFor(knex: Knex, account: { id: number; email: string; role: Role }): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL, JWT_SECRET, LOG_LEVEL: 'silent' });
  const storage = new LocalStorage(os.tmpdir());
  const ctx = systemCtx(knex, { actorId: 'bench', config, storage, logLevel: 'silent' });
  return (await issueTokenPair(ctx, account)).accessToken;
}

async function insertAccount(knex: Knex, email: string, role: Role): Promise<number> {
  const [id] = await knex('accounts').insert({ email, passwordHash: 'x', role, emailVerifiedAt: new Date() });
  return id;
}

async function createPeople(knex: Knex, base: string, owners: number[]): Promise<Tokens> {
  const candidats: string[] = [];
  for (let i = 0; i < UPLOADERS; i++) {
    const email = `candidat-images-${i}@bench.recrutement.cm`;
    const id = await insertAccount(knex, email, 'CANDIDAT');
    await knex('candidates').insert({ id, nom: 'Bench', prenom: `Photo ${i}`, country: 'Cameroun' });
    candidats.push(await tokenFor(knex, { id, email, role: 'CANDIDAT' }));
  }
  const ownerTokens: string[] = [];
  for (const id of owners.slice(0, UPLOADERS)) {
    const { email } = (await knex('accounts').where({ id }).first('email')) as { email: string };
    ownerTokens.push(await tokenFor(knex, { id, email, role: 'RECRUTEUR' }));
  }
  const adminEmail = 'admin-images@bench.recrutement.cm';
  const adminId = await insertAccount(knex, adminEmail, 'ADMIN');
  await knex('admins').insert({ id: adminId, nom: 'Bench', prenom: 'Admin', niveauAcces: 'ADMIN' });
  const admin = await tokenFor(knex, { id: adminId, email: adminEmail, role: 'ADMIN' });
  const articles: number[] = [];
  for (let i = 0; i < UPLOADERS; i++) {
    const res = await fetch(`${base}${API}/admin/blog/articles`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        titre: `Article ${i}`,
        contenu: 'Texte du banc d’essai.',
        categorie: 'Conseils',
      }),
    });
    const json = (await res.json()) as { data?: { id?: number } };
    if (!json.data?.id) throw new Error(`article: HTTP ${res.status}`);
    articles.push(json.data.id);
  }
  return { candidates: candidats, owners: ownerTokens, admin, articles };
}

async function upload(base: string, kind: Kind, bytes: Buffer, target: { path: string; token: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: kind.type }), 'image');
  const res = await fetch(`${base}${API}${target.path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.token}` },
    body: form,
  });
  const body = (await res.json()) as { error?: { code?: string } | null };
  return { status: res.status, code: body.error?.code ?? null };
}

interface Cost {
  kind: Kind;
  bytes: Buffer;
  cpu: number;
  wall: number;
  /** RSS before the kind's uploads, and its peak during them. */
  rss: number;
  peak: number;
  code: string | null;
}

/** One kind uploaded alone, twice: the cheaper CPU of the two (the machine may be busy). */
async function measureKind(api: ApiChild, tokens: Tokens, kind: Kind): Promise<Cost> {
  const bytes = await kind.file();
  const rss = rssMb(api.pid, 'VmRSS');
  resetPeakRss(api.pid);
  const runs: { cpu: number; wall: number }[] = [];
  let code: string | null = null;
  for (let i = 0; i < 2; i++) {
    const cpu = cpuMs(api.pid);
    const started = performance.now();
    const answer = await upload(api.url, kind, bytes, kind.target(tokens, 0));
    if (answer.status !== kind.expected)
      throw new Error(`${kind.label}: HTTP ${answer.status} ${answer.code}, expected ${kind.expected}`);
    runs.push({ cpu: cpuMs(api.pid) - cpu, wall: performance.now() - started });
    code = answer.code;
  }
  const best = runs.reduce((a, b) => (b.cpu < a.cpu ? b : a));
  return { kind, bytes, ...best, rss, peak: rssMb(api.pid), code };
}

async function readOffres(base: string): Promise<LoopFigures> {
  return runConcurrently(
    async () => {
      const res = await fetch(`${base}${API}/offres?size=20`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /offres: HTTP ${res.status}`);
    },
    { total: Number.MAX_SAFE_INTEGER, concurrency: READERS, seconds: SECONDS },
  );
}

/** Uploads `worst` from UPLOADERS clients until `done` settles; counts the answers by status. */
async function uploadLoop(api: ApiChild, tokens: Tokens, worst: Cost, done: Promise<unknown>) {
  let finished = false;
  void done.then(() => (finished = true));
  const statuses: Record<number, number> = {};
  const walls: number[] = [];
  await Promise.all(
    Array.from({ length: UPLOADERS }, async (_, i) => {
      while (!finished) {
        const started = performance.now();
        const { status } = await upload(api.url, worst.kind, worst.bytes, worst.kind.target(tokens, i));
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) walls.push(performance.now() - started);
        // A 503 says to come back later: a client that obeys does not hammer.
        if (status === 503) await new Promise((r) => setTimeout(r, 1000));
      }
    }),
  );
  walls.sort((a, b) => a - b);
  return { statuses, medianWall: walls[Math.floor(walls.length / 2)] ?? NaN };
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 1, max: 10 });
  const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'recrutement-bench-images-'));
  let api: ApiChild | null = null;
  try {
    await migrateAndSeed(knex);
    const { companies: entreprises } = await generateEntreprisesAndOffers(knex, {
      random: seededRandom(11),
      offers: OFFERS,
      companies: 20,
      publishedShare: 0.85,
      recruiters: true,
    });
    api = await startApiProcess(DATABASE_URL, { JWT_SECRET, UPLOAD_DIR: uploadDir });
    const owners = entreprises.map((c) => c.recruteurId).filter((id): id is number => id !== null);
    const tokens = await createPeople(knex, api.url, owners);
    const canReset = resetPeakRss(api.pid);
    console.log(
      `API process ${api.pid}, ${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(1)}; ` +
        `peak RSS ${canReset ? 'reset before each kind' : 'since the process started (clear_refs not allowed)'}`,
    );
    console.log('\nEach image alone (API CPU: the cheaper of 2 uploads):');
    const costs: Cost[] = [];
    for (const kind of KINDS) {
      const cost = await measureKind(api, tokens, kind);
      costs.push(cost);
      console.log(
        `  ${kind.label.padEnd(26)} ${String(cost.bytes.length).padStart(9)} bytes  ${`${kind.expected} ${cost.code ?? ''}`.padEnd(20)}` +
          `CPU ${ms(cost.cpu).padStart(8)}  wall ${ms(cost.wall).padStart(8)}  RSS ${cost.rss.toFixed(0)} -> peak ${cost.peak.toFixed(0)} MB`,
      );
    }
    const worst = costs.filter((c) => c.kind.expected === 200).reduce((a, b) => (b.cpu > a.cpu ? b : a));

    console.log(`\nGET /offres?size=20, ${READERS} clients, ${SECONDS} s:`);
    const alone = await readOffres(api.url);
    console.log(`  alone: ${alone.count} requests, p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)}`);
    const rssBefore = rssMb(api.pid, 'VmRSS');
    resetPeakRss(api.pid);
    const reading = readOffres(api.url);
    const uploads = await uploadLoop(api, tokens, worst, reading);
    const loaded = await reading;
    const peak = rssMb(api.pid);
    const answered = Object.entries(uploads.statuses)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
    console.log(
      `  while ${UPLOADERS} clients upload "${worst.kind.label}": ${loaded.count} requests, p50 ${ms(loaded.p50)}, ` +
        `p99 ${ms(loaded.p99)}; uploads ${answered} (median ${ms(uploads.medianWall)} each); API RSS ${rssBefore.toFixed(0)} -> peak ${peak.toFixed(0)} MB`,
    );
    console.log(
      `images: worst ${worst.kind.label} ${worst.cpu.toFixed(0)} ms CPU, peak RSS ${worst.peak.toFixed(0)} MB; ` +
        `GET /offres p99 ${ms(alone.p99)} alone, ${ms(loaded.p99)} with ${UPLOADERS} uploads`,
    );
  } finally {
    await api?.stop();
    await knex.destroy();
    await dropDatabase(DATABASE_URL);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

await main();
