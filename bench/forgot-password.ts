/**
 * Timing of `POST /auth/forgot-password`: `node --import tsx bench/forgot-password.ts [--tries 25]`.
 *
 * The answer must not tell whether an address has an account, by its body or by its timing.
 * The bench registers one candidate in a scratch database, starts the API in-process, then sends
 * `--tries` pairs of requests, interleaved (known, unknown, known, ...) so that any drift of the
 * machine weighs on both paths alike, and compares the medians.
 * Last line: `forgot-password: known p50 <ms>, unknown p50 <ms>, difference <ms>`.
 */
import { performance } from 'node:perf_hooks';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { hashPassword } from '../lib/passwords.ts';
import { numberArg } from './lib/args.ts';
import { startBenchApi } from './lib/api-server.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { BENCH_PASSWORD } from './lib/generate-offers.ts';
import { percentile } from './lib/latency.ts';

const TRIES = numberArg('tries', 25);
const DATABASE_URL = benchDatabaseUrl('recrutement_bench_forgot');
const KNOWN = 'connu@bench.recrutement.cm';

async function timedForgot(base: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/v1/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 1, max: 10 });
  try {
    await migrateAndSeed(knex);
    const [id] = await knex('accounts').insert({
      email: KNOWN,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      role: 'CANDIDAT',
      emailVerifiedAt: new Date(),
    });
    await knex('candidates').insert({ id, nom: 'Bench', prenom: 'Connu', country: 'Cameroun' });
    const { server } = await startBenchApi(knex, DATABASE_URL);
    try {
      const base = server.url;
      // Warm both paths (prepared statements, JIT) before measuring.
      for (let i = 0; i < 5; i++) {
        await timedForgot(base, KNOWN);
        await timedForgot(base, `inconnu-warm-${i}@bench.recrutement.cm`);
      }
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        known.push(await timedForgot(base, KNOWN));
        unknown.push(await timedForgot(base, `inconnu-${i}@bench.recrutement.cm`));
      }
      const p50 = (xs: number[]) =>
        percentile(
          [...xs].sort((a, b) => a - b),
          0.5,
        );
      const k = p50(known);
      const u = p50(unknown);
      console.log(`${TRIES} interleaved tries per path`);
      console.log(
        `forgot-password: known p50 ${k.toFixed(2)} ms, unknown p50 ${u.toFixed(2)} ms, difference ${Math.abs(k - u).toFixed(2)} ms`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await knex.destroy();
    await dropDatabase(DATABASE_URL);
  }
}

await main();
