/**
 * First byte of the public offer page: `node --import tsx bench/pages.ts [--requests 300]`.
 *
 * Seeds the demo data set (seeds/demo.ts) in a scratch database, starts the API in-process without
 * FRONTEND_URL, then asks for the pages of the published offers one after the other (concurrency
 * 1), as a browser does (`Accept-Encoding: br, gzip`), and times each until its first byte. The
 * JSON of another offer (GET /v1/api/public/offres/{id}, half the list away, so neither finds the
 * other's view in the 2 s view cache) is timed in between, as the yardstick: both read an offer
 * the same way, so on a loaded machine their ratio says more than the milliseconds. Also prints the size of the largest offer page as sent (compressed, CSS included).
 * Last line: `pages: offer page p50 <A> ms p99 <B> ms, <K> KB compressed`.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { seedDemoData } from '../seeds/demo.ts';
import { numberArg } from './lib/args.ts';
import { startBenchApi } from './lib/api-server.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { percentile } from './lib/latency.ts';

const REQUESTS = numberArg('requests', 300);
const DATABASE_URL = benchDatabaseUrl('recrutement_bench_pages');

/** Milliseconds to the first byte of the answer, and its size on the wire. */
function firstByte(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { headers: { 'Accept-Encoding': 'br, gzip', Accept: 'text/html' } }, (res) => {
      let ms = 0;
      let bytes = 0;
      res.once('data', () => (ms = performance.now() - started));
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ ms, bytes, status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const knex = createKnex(DATABASE_URL, { min: 1, max: 10 });
  try {
    await migrateAndSeed(knex);
    await seedDemoData(knex);
    const offres = (await knex('offres').where({ status: 'PUBLISHED' }).select('id')) as { id: number }[];
    const { server } = await startBenchApi(knex, DATABASE_URL);
    try {
      // The canonical address of each offer (the bare id answers a 301 to it).
      const pages: string[] = [];
      for (const { id } of offres) {
        const res = await fetch(`${server.url}/emplois/${id}`, { redirect: 'manual' });
        const location = res.headers.get('location');
        if (res.status === 301 && location) pages.push(`${server.url}${location}`);
      }
      if (!pages.length) throw new Error('no offer page to ask for');
      for (const url of pages.slice(0, 20)) await firstByte(url); // warm-up (JIT, view cache)
      const times: number[] = [];
      const jsonTimes: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const url = pages[i % pages.length]!;
        const answer = await firstByte(url);
        if (answer.status !== 200) throw new Error(`offer page answered ${answer.status}`);
        times.push(answer.ms);
        bytes = Math.max(bytes, answer.bytes);
        const other = pages[(i + Math.floor(pages.length / 2)) % pages.length]!;
        const id = /\/emplois\/(\d+)-/.exec(other)![1];
        jsonTimes.push((await firstByte(`${server.url}/v1/api/public/offres/${id}`)).ms);
      }
      times.sort((a, b) => a - b);
      jsonTimes.sort((a, b) => a - b);
      console.log(`${REQUESTS} offer pages of ${pages.length} demo offers, one at a time`);
      console.log(
        `JSON of the offers (GET /v1/api/public/offres/{id}): p50 ${percentile(jsonTimes, 0.5).toFixed(2)} ms p99 ${percentile(jsonTimes, 0.99).toFixed(2)} ms`,
      );
      console.log(
        `pages: offer page p50 ${percentile(times, 0.5).toFixed(2)} ms p99 ${percentile(times, 0.99).toFixed(2)} ms, ${(bytes / 1024).toFixed(1)} KB compressed`,
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
