/**
 * Bytes on the wire of a mobile session: `node --import tsx bench/payload.ts [--requests 2000] [--concurrency 32] [--keep]`.
 *
 * 1. Creates a scratch database `recrutement_bench_payload` (dropped at the end, also on failure),
 *    migrates it and loads the demo data set (24 companies, 220 offers); the owner of the company
 *    of the first search hit uploads a PNG logo. The API runs as its own process.
 * 2. A typical mobile session: the home list (GET /offres?size=20), a search
 *    (/offres/search?q=developpeur&size=20), the first offer found, its company, the company's
 *    logo, and an apply (POST /candidatures, each time a new candidate). Each step is measured
 *    on its own connection, request and answer bytes together, three ways:
 *    - before: what a client got before conditional GETs, compression, sparse fields and lighter
 *      images: uncompressed full answers (and the stored PNG logo), on every visit;
 *    - after, first visit: `Accept-Encoding: br, gzip`, `fields=` with what a phone screen shows,
 *      `Accept: image/avif,image/webp` for the logo;
 *    - after, revisit: the same with `If-None-Match` (304 when nothing changed).
 *    A session is one first visit and one revisit of every step.
 * 3. The CPU cost of compression: the search page loaded at the search bench's concurrency (32),
 *    plain, gzip and brotli (best of 2 rounds each): requests per second and the API process's own
 *    CPU time per answer (the load generator shares the machine, so req/s alone would also count
 *    what it costs the client to read 28 KB instead of 2 KB).
 *
 * Last line: `payload: <B> bytes per session = <R> of uncompressed full answers`.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import sharp from 'sharp';
import type { Knex } from 'knex';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { LocalStorage } from '../lib/storage.ts';
import { hashPassword } from '../lib/passwords.ts';
import { issueTokenPair } from '../domain/auth/issue-tokens.ts';
import { seedDemoData } from '../seeds/demo.ts';
import { flag, numberArg } from './lib/args.ts';
import { startApiProcess, type ApiChild } from './lib/api-process.ts';
import { BENCH_UPLOAD_DIR } from './lib/api-server.ts';
import { systemCtx } from './lib/context.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { runConcurrently } from './lib/latency.ts';
import { exchange, type Exchange } from './lib/wire.ts';

const REQUESTS = numberArg('requests', 2000);
const CONCURRENCY = numberArg('concurrency', 32);
const KEEP = flag('keep');
const DATABASE_URL = benchDatabaseUrl('recrutement_bench_payload');
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';
const API = '/v1/api';

/** What a phone's list screen shows of an offer, and its detail and company screens. */
const LIST_FIELDS =
  'id,titre,entreprise.nomEntreprise,entreprise.logoUrl,localisation,contractType,salaireMin,salaireMax,publishedAt';
const OFFER_FIELDS =
  'id,titre,description,competences,experience,contractType,localisation,salaireMin,salaireMax,remotePossible,deadline,publishedAt,entreprise.id,entreprise.nomEntreprise,entreprise.logoUrl';
const ENTREPRISE_FIELDS =
  'id,nomEntreprise,secteurActivite,description,presentation,logoUrl,adresseSiege.fullAddress,siteWeb.url,reseauxSociaux.url';
const LIGHT_IMAGES = 'image/avif,image/webp,image/*;q=0.8';

interface Step {
  label: string;
  method: 'GET' | 'POST';
  /** Path of the full answer, and of the sparse one. */
  path: string;
  sparsePath?: string;
  image?: boolean;
  /** A POST body and the token that sends it (a new candidate for every call). */
  post?: () => Promise<{ body: string; token: string }>;
}

interface Measured {
  before: number[];
  compressedOnly: number;
  first: number;
  revisit: number;
  revisitStatus: number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function withFields(path: string, fields: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}fields=${encodeURIComponent(fields)}`;
}

async function ok(res: Promise<Exchange>, what: string, statuses = [200]): Promise<Exchange> {
  const r = await res;
  if (!statuses.includes(r.status))
    throw new Error(`${what}: HTTP ${r.status} ${r.body.toString().slice(0, 300)}`);
  return r;
}

/** A company logo as designers hand them over: flat colours, a shape and the name, 600 px, PNG. */
function logoPng(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">' +
    '<rect width="600" height="600" fill="#ffffff"/>' +
    '<circle cx="300" cy="230" r="150" fill="#0b6e4f"/><circle cx="300" cy="230" r="95" fill="#f2c14e"/>' +
    '<path d="M180 330 L300 120 L420 330 Z" fill="#d1495b" opacity="0.85"/>' +
    '<text x="300" y="500" font-size="64" font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="#1d3557">WOURI</text>' +
    '<text x="300" y="560" font-size="32" font-family="sans-serif" text-anchor="middle" fill="#457b9d">Digital Solutions</text></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function newCandidatToken(knex: Knex, n: number): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL, JWT_SECRET, LOG_LEVEL: 'silent' });
  const email = `candidat-payload-${n}@bench.recrutement.cm`;
  const [id] = await knex('accounts').insert({
    email,
    passwordHash: await hashPassword('Bench12345!'),
    role: 'CANDIDAT',
    emailVerifiedAt: new Date(),
  });
  await knex('candidates').insert({ id, nom: 'Bench', prenom: 'Mobile', country: 'Cameroun' });
  const ctx = systemCtx(knex, {
    actorId: 'bench',
    config,
    storage: new LocalStorage(BENCH_UPLOAD_DIR),
    logLevel: 'silent',
  });
  return (await issueTokenPair(ctx, { id, email, role: 'CANDIDAT' })).accessToken;
}

async function tokenOf(knex: Knex, accountId: number): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL, JWT_SECRET, LOG_LEVEL: 'silent' });
  const account = (await knex('accounts').where({ id: accountId }).first('id', 'email', 'role')) as {
    id: number;
    email: string;
    role: 'RECRUTEUR';
  };
  const ctx = systemCtx(knex, {
    actorId: 'bench',
    config,
    storage: new LocalStorage(BENCH_UPLOAD_DIR),
    logLevel: 'silent',
  });
  return (await issueTokenPair(ctx, account)).accessToken;
}

/** Uploads a logo for the company, as its owner, through the API (so its encodings are made). */
async function uploadLogo(knex: Knex, base: string, entrepriseId: number): Promise<number> {
  const owner = (await knex('recruiters').where({ entrepriseId, companyRole: 'OWNER' }).first('id')) as {
    id: number;
  };
  const token = await tokenOf(knex, owner.id);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await logoPng())], { type: 'image/png' }), 'logo.png');
  const res = await fetch(`${base}${API}/recruiters/company/logo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const json = (await res.json()) as { data?: { logoUrl?: string } };
  if (res.status !== 200 || !json.data?.logoUrl) throw new Error(`logo upload: HTTP ${res.status}`);
  return Number(json.data.logoUrl.split('/').pop());
}

async function measureStep(base: string, step: Step): Promise<Measured> {
  const send = async (path: string, headers: Record<string, string>, statuses?: number[]) => {
    const post = step.post ? await step.post() : null;
    const h = post ? { ...headers, Authorization: `Bearer ${post.token}` } : headers;
    return ok(exchange(base, step.method, path, h, post?.body), `${step.method} ${path}`, statuses);
  };
  const plainAccept: Record<string, string> = step.image ? {} : { Accept: 'application/json' };
  // Before: full, uncompressed, nothing remembered: the same bytes on every visit.
  const before = [(await send(step.path, plainAccept)).bytes, (await send(step.path, plainAccept)).bytes];
  const compressedOnly = (await send(step.path, { ...plainAccept, 'Accept-Encoding': 'br, gzip' })).bytes;
  const lighter = { 'Accept-Encoding': 'br, gzip', Accept: step.image ? LIGHT_IMAGES : 'application/json' };
  const path = step.sparsePath ?? step.path;
  const first = await send(path, lighter);
  const tag = first.headers.etag;
  const revisit =
    step.method === 'GET'
      ? await send(path, tag ? { ...lighter, 'If-None-Match': tag } : lighter, [200, 304])
      : await send(path, lighter);
  return {
    before,
    compressedOnly,
    first: first.bytes,
    revisit: revisit.bytes,
    revisitStatus: revisit.status,
  };
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** CPU seconds (user + system) the process has used so far (Linux /proc; clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The search page at CONCURRENCY, with the given Accept-Encoding: req/s and the API's CPU per answer. */
async function searchLoad(base: string, pid: number, encoding: string | null) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(`${API}/offres/search?q=developpeur&size=20`, base);
  let bytes = 0;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        url,
        { agent, headers: encoding ? { 'Accept-Encoding': encoding } : {} },
        (res) => {
          res.on('data', (c: Buffer) => {
            bytes += c.length;
          });
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  for (let i = 0; i < 50; i++) await get();
  bytes = 0;
  const cpuBefore = cpuSeconds(pid);
  const figures = await runConcurrently(get, { total: REQUESTS, concurrency: CONCURRENCY, seconds: 20 });
  const cpuMsPerAnswer = ((cpuSeconds(pid) - cpuBefore) * 1000) / figures.count;
  agent.destroy();
  return { ...figures, bytesPerAnswer: bytes / figures.count, cpuMsPerAnswer };
}

async function main(): Promise<string> {
  console.log(
    `bench/payload: demo data set; compression load ${REQUESTS} requests at concurrency ${CONCURRENCY}; ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 0, max: 4 });
  let api: ApiChild | null = null;
  try {
    await migrateAndSeed(knex);
    await seedDemoData(knex);
    api = await startApiProcess(DATABASE_URL, { UPLOAD_DIR: `${BENCH_UPLOAD_DIR}/payload`, JWT_SECRET });
    const base = api.url;

    const search = JSON.parse(
      (
        await ok(exchange(base, 'GET', `${API}/offres/search?q=developpeur&size=20`), 'search')
      ).body.toString(),
    ) as { content: { id: number; entreprise: { id: number } }[] };
    if (!search.content.length) throw new Error('the demo data set has no offer for "developpeur"');
    const offer = search.content[0];
    const logoId = await uploadLogo(knex, base, offer.entreprise.id);
    let candidats = 0;

    const steps: Step[] = [
      { label: 'home list', method: 'GET', path: `${API}/offres?size=20` },
      { label: 'search', method: 'GET', path: `${API}/offres/search?q=developpeur&size=20` },
      { label: 'an offer', method: 'GET', path: `${API}/offres/${offer.id}` },
      { label: 'its company', method: 'GET', path: `${API}/public/entreprises/${offer.entreprise.id}` },
      { label: 'company logo', method: 'GET', path: `${API}/files/${logoId}`, image: true },
      {
        label: 'apply',
        method: 'POST',
        path: `${API}/candidatures`,
        post: async () => ({
          body: JSON.stringify({ offreId: offer.id, lettreMotivation: 'Bonjour, votre offre m’intéresse.' }),
          token: await newCandidatToken(knex, candidats++),
        }),
      },
    ];
    const sparse: Record<string, string> = {
      'home list': LIST_FIELDS,
      search: LIST_FIELDS,
      'an offer': OFFER_FIELDS,
      'its company': ENTREPRISE_FIELDS,
    };
    for (const s of steps) if (sparse[s.label]) s.sparsePath = withFields(s.path, sparse[s.label]);

    const rows: string[][] = [];
    const totals = { before: 0, compressedOnly: 0, first: 0, revisit: 0 };
    for (const step of steps) {
      const m = await measureStep(base, step);
      totals.before += m.before[0] + m.before[1];
      totals.compressedOnly += 2 * m.compressedOnly;
      totals.first += m.first;
      totals.revisit += m.revisit;
      rows.push([
        `${step.label} (${step.method} ${step.path.replace(API, '').replace(/\/\d+/g, '/{id}')})`,
        fmt(m.before[0]),
        fmt(m.compressedOnly),
        fmt(m.first),
        `${fmt(m.revisit)} (${m.revisitStatus})`,
      ]);
    }
    console.log('\nbytes on the wire per step (request + answer, headers included):');
    printTable(
      ['step', 'before: full, plain', 'compressed only', 'after: first visit', 'after: revisit'],
      rows,
    );
    const after = totals.first + totals.revisit;
    console.log(
      `\nsession = every step twice (a first visit and a revisit): before ${fmt(totals.before)} bytes; compressed only ${fmt(totals.compressedOnly)}; after ${fmt(after)} (first visit ${fmt(totals.first)}, revisit ${fmt(totals.revisit)})`,
    );

    console.log(
      `\nCPU cost of compression: GET /offres/search?q=developpeur&size=20 at concurrency ${CONCURRENCY}, best of 2 rounds`,
    );
    const modes = [
      ['plain', null],
      ['gzip', 'gzip'],
      ['brotli', 'br'],
    ] as const;
    type Figures = Awaited<ReturnType<typeof searchLoad>>;
    const best = new Map<string, Figures>();
    for (let round = 0; round < 2; round++)
      for (const [label, encoding] of modes) {
        const f = await searchLoad(base, api.pid, encoding);
        const kept = best.get(label);
        if (!kept || f.rps > kept.rps) best.set(label, f);
      }
    printTable(
      ['Accept-Encoding', 'req/s', 'p50 ms', 'p99 ms', 'API CPU ms/answer', 'body bytes', 'failed'],
      modes.map(([label]) => {
        const f = best.get(label)!;
        return [
          label,
          f.rps.toFixed(0),
          f.p50.toFixed(1),
          f.p99.toFixed(1),
          f.cpuMsPerAnswer.toFixed(2),
          fmt(f.bytesPerAnswer),
          String(f.failed),
        ];
      }),
    );
    const plain = best.get('plain')!;
    const brotli = best.get('brotli')!;
    console.log(
      `compression: brotli ${brotli.rps.toFixed(0)} req/s vs plain ${plain.rps.toFixed(0)} req/s; API CPU ${brotli.cpuMsPerAnswer.toFixed(2)} vs ${plain.cpuMsPerAnswer.toFixed(2)} ms per answer`,
    );

    return `payload: ${fmt(after)} bytes per session = ${(after / totals.before).toFixed(3)} of uncompressed full answers`;
  } finally {
    await api?.stop();
    await knex.destroy();
    if (!KEEP) await dropDatabase(DATABASE_URL);
    else console.log(`kept ${DATABASE_URL}`);
  }
}

// The summary comes last, after the clean-up's own lines.
console.log(await main());
