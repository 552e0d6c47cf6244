/**
 * Emails with two real worker processes (`recrutement worker`, pooled SMTP connections) and a
 * local SMTP server (smtp-server), in a scratch database `recrutement_bench_emails` (dropped at
 * the end). Emails are queued by this process, as an API instance would queue them.
 * 1. Latency: `--emails` emails queued one at a time, `--gap` ms apart; from each commit to the
 *    message received by the SMTP server: p50, p99, max.
 * 2. Throughput: `--burst` emails committed at once; emails per second from the commit to the last
 *    one received, and how many were received more than once (must be 0).
 *
 *   node --import tsx bench/emails.ts [--emails 200] [--gap 20] [--burst 5000] [--profile <dir>]
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { migrateLatest } from '../lib/migrator.ts';
import { LocalStorage } from '../lib/storage.ts';
import { enqueueEmail } from '../domain/mail/enqueue-email.ts';
import { numberArg, stringArg } from './lib/args.ts';
import { systemCtx } from './lib/context.ts';
import { benchDatabaseUrl, recreateDatabase } from './lib/database.ts';
import { percentile } from './lib/latency.ts';
import { startWorkerProcess, type WorkerChild } from './lib/worker-process.ts';

const DATABASE_URL = benchDatabaseUrl('recrutement_bench_emails');
const EMAILS = numberArg('emails', 200);
const GAP_MS = numberArg('gap', 20);
const BURST = numberArg('burst', 5000);
const PROFILE_DIR = stringArg('profile');

/** An SMTP server recording when each recipient's message first arrived and how often. */
class MailSink {
  readonly firstSeen = new Map<string, number>();
  readonly seen = new Map<string, number>();
  private waiters: { count: number; resolve: () => void }[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData: (stream, session, callback) => {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const { address } of session.envelope.rcptTo) {
          if (!this.firstSeen.has(address)) this.firstSeen.set(address, Date.now());
          this.seen.set(address, (this.seen.get(address) ?? 0) + 1);
        }
        this.waiters = this.waiters.filter((w) =>
          this.firstSeen.size >= w.count ? (w.resolve(), false) : true,
        );
        callback();
      });
    },
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  until(count: number, timeoutMs: number): Promise<void> {
    if (this.firstSeen.size >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`SMTP server got ${this.firstSeen.size} of ${count} emails`)),
        timeoutMs,
      );
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const db = createKnex(DATABASE_URL, { min: 0, max: 4 });
  const sink = new MailSink();
  const workers: WorkerChild[] = [];
  try {
    await migrateLatest(db);
    const smtpUrl = await sink.listen();
    const config = loadConfig({ DATABASE_URL, SMTP_URL: smtpUrl });
    const ctx = systemCtx(db, {
      actorId: 'bench:emails',
      config,
      storage: new LocalStorage('/tmp'),
      logLevel: 'warn',
    });
    for (let i = 1; i <= 2; i++)
      workers.push(
        await startWorkerProcess(
          DATABASE_URL,
          { SMTP_URL: smtpUrl, MAIL_FROM: `Bench ${i} <worker-${i}@bench.example.cm>` },
          { profileDir: PROFILE_DIR },
        ),
      );
    console.log(
      `2 workers (recrutement worker), SMTP server ${smtpUrl}${PROFILE_DIR ? `, CPU profiles in ${PROFILE_DIR}` : ''}`,
    );
    const message = (to: string) => ({
      to,
      subject: 'Votre candidature a bien été reçue',
      text: 'Bonjour,\n\nVotre candidature au poste de comptable a bien été reçue.\n\nL’équipe Recrutement',
      html: '<p>Bonjour,</p><p>Votre candidature au poste de comptable a bien été reçue.</p>',
      template: 'bench',
    });

    // 1. One email at a time.
    const latencies: number[] = [];
    for (let i = 0; i < EMAILS; i++) {
      const to = `latence-${i}@bench.example.cm`;
      await enqueueEmail(ctx, message(to));
      const committed = Date.now();
      await sink.until(i + 1, 30_000);
      latencies.push(sink.firstSeen.get(to)! - committed);
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `latency, ${EMAILS} emails ${GAP_MS} ms apart, commit to message received: p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies[latencies.length - 1]} ms`,
    );

    // 2. A burst, written as enqueueEmail writes each one, in one multi-row insert.
    const now = new Date();
    const rows = Array.from({ length: BURST }, (_, i) => {
      const m = message(`volume-${i}@bench.example.cm`);
      return {
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        template: m.template,
        status: 'PENDING',
        nextAttemptAt: now,
        createdAt: now,
      };
    });
    await db.transaction(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000) await trx('outboundEmails').insert(rows.slice(i, i + 1000));
    });
    const t0 = Date.now();
    await sink.until(EMAILS + BURST, 300_000);
    const seconds = (Math.max(...sink.firstSeen.values()) - t0) / 1000;
    const rate = Math.round(BURST / seconds);
    const twice = [...sink.seen.values()].filter((n) => n > 1).length;
    console.log(
      `throughput, ${BURST} emails committed at once: all received in ${seconds.toFixed(1)} s = ${rate} emails/s; received more than once: ${twice}`,
    );
    if (twice > 0) throw new Error(`${twice} emails received more than once`);
    console.log(`emails: ${rate}/s`);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await sink.close();
    await db.destroy();
    await dropDatabase(DATABASE_URL);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
