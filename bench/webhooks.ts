/**
 * Webhook deliveries with two real worker processes (`recrutement worker`) and a local receiver,
 * in a scratch database `recrutement_bench_webhooks` (dropped at the end). The events are written
 * by this process, as an API instance would, so the workers learn of them through the
 * high-water-mark poll, not an in-process signal.
 * 1. Latency: `--events` events one at a time, `--gap` ms apart; from each commit to the first
 *    attempt reaching the receiver: p50, p99, max.
 * 2. Throughput: `--burst` events committed at once; deliveries per second from the commit to the
 *    last one received, and how many were received more than once (must be 0).
 *
 *   node --import tsx bench/webhooks.ts [--events 300] [--gap 20] [--burst 5000] [--profile <dir>]
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { migrateLatest } from '../lib/migrator.ts';
import { LocalStorage } from '../lib/storage.ts';
import { recordEvent } from '../domain/events/record-event.ts';
import { newWebhookSecret } from '../domain/webhooks/webhook-secret.ts';
import { numberArg, stringArg } from './lib/args.ts';
import { systemCtx } from './lib/context.ts';
import { benchDatabaseUrl, recreateDatabase } from './lib/database.ts';
import { percentile } from './lib/latency.ts';
import { startWorkerProcess, type WorkerChild } from './lib/worker-process.ts';

const DATABASE_URL = benchDatabaseUrl('recrutement_bench_webhooks');
const EVENTS = numberArg('events', 300);
const GAP_MS = numberArg('gap', 20);
const BURST = numberArg('burst', 5000);
const PROFILE_DIR = stringArg('profile');

/** A receiver answering 204 at once, recording when each event id first arrived and how often. */
class Receiver {
  readonly firstSeen = new Map<string, number>();
  readonly seen = new Map<string, number>();
  private waiters: { count: number; resolve: () => void }[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.headers['webhook-id'] as string;
      if (!this.firstSeen.has(id)) this.firstSeen.set(id, Date.now());
      this.seen.set(id, (this.seen.get(id) ?? 0) + 1);
      res.writeHead(204).end();
      this.waiters = this.waiters.filter((w) =>
        this.firstSeen.size >= w.count ? (w.resolve(), false) : true,
      );
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  until(count: number, timeoutMs: number): Promise<void> {
    if (this.firstSeen.size >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`receiver got ${this.firstSeen.size} of ${count} events`)),
        timeoutMs,
      );
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const db = createKnex(DATABASE_URL, { min: 0, max: 4 });
  const receiver = new Receiver();
  const workers: WorkerChild[] = [];
  try {
    await migrateLatest(db);
    const config = loadConfig({ DATABASE_URL, WEBHOOKS_ALLOW_PRIVATE: 'true' });
    const ctx = systemCtx(db, {
      actorId: 'bench:webhooks',
      config,
      storage: new LocalStorage('/tmp'),
      logLevel: 'warn',
    });
    const url = await receiver.listen();
    const [entrepriseId] = await db('entreprises').insert({ nomEntreprise: 'Bench SA' });
    const [ownerAccountId] = await db('accounts').insert({
      email: 'owner@bench.example.cm',
      passwordHash: 'x',
      role: 'RECRUTEUR',
    });
    await db('webhookSubscriptions').insert({
      ownerAccountId,
      scope: 'recruiter',
      entrepriseId,
      url,
      events: JSON.stringify(['offre.published']),
      secret: newWebhookSecret(),
    });
    for (let i = 1; i <= 2; i++)
      workers.push(
        await startWorkerProcess(
          DATABASE_URL,
          { WEBHOOKS_ALLOW_PRIVATE: 'true', SMTP_URL: '' },
          { profileDir: PROFILE_DIR },
        ),
      );
    console.log(
      `2 workers (recrutement worker), receiver ${url}${PROFILE_DIR ? `, CPU profiles in ${PROFILE_DIR}` : ''}`,
    );

    // 1. One event at a time.
    const latencies: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const { publicId } = await recordEvent(ctx, 'offre.published', { offreId: i }, { entrepriseId });
      const committed = Date.now();
      await receiver.until(i + 1, 30_000);
      latencies.push(receiver.firstSeen.get(publicId)! - committed);
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    console.log(
      `latency, ${EVENTS} events ${GAP_MS} ms apart, commit to first attempt received: p50 ${p50} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies[latencies.length - 1]} ms`,
    );

    // 2. A burst.
    // Written like recordEvent writes one, all in one multi-row insert (one commit).
    const createdAt = new Date();
    const burst = Array.from({ length: BURST }, (_, i) => ({
      publicId: `evt_${randomUUID().replace(/-/g, '')}`,
      type: 'offre.published',
      scope: 'recruiter',
      entrepriseId,
      data: JSON.stringify({ offreId: i }),
      createdAt,
    }));
    await db.transaction(async (trx) => {
      for (let i = 0; i < burst.length; i += 1000) await trx('domainEvents').insert(burst.slice(i, i + 1000));
    });
    const t0 = Date.now();
    await receiver.until(EVENTS + BURST, 300_000);
    const seconds = (Math.max(...receiver.firstSeen.values()) - t0) / 1000;
    const rate = Math.round(BURST / seconds);
    const twice = [...receiver.seen.values()].filter((n) => n > 1).length;
    // The last successes may still be in a worker's write batch: give them a moment.
    let n = 0;
    for (let waited = 0; waited < 10_000 && n < EVENTS + BURST; waited += 100) {
      const [row] = (await db('webhookDeliveries').where({ status: 'SUCCEEDED' }).count({ n: '*' })) as {
        n: number;
      }[];
      n = Number(row.n);
      if (n < EVENTS + BURST) await new Promise((r) => setTimeout(r, 100));
    }

    console.log(
      `throughput, ${BURST} events committed at once: all delivered in ${seconds.toFixed(1)} s = ${rate} deliveries/s; ` +
        `received more than once: ${twice}; SUCCEEDED in the database: ${n} of ${EVENTS + BURST}`,
    );
    if (twice > 0) throw new Error(`${twice} events delivered more than once`);
    console.log(`webhooks: first attempt p50 ${p50} ms, ${rate} deliveries/s`);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await receiver.close();
    await db.destroy();
    await dropDatabase(DATABASE_URL);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
