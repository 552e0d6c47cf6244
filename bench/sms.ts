/**
 * SMS, in a scratch database `recrutement_bench_sms` (dropped at the end), with an SMSC in this
 * process (the server side of the npm package `smpp`) and the worker's pumps (SMS pump and
 * instant alerts) running here too, bound over SMPP like a worker.
 * 1. Send rate: `--messages` SMS committed at once; messages per second from the commit to the
 *    last submit_sm the SMSC accepted, at the connection's throttle `--tps`; and how many reached
 *    the SMSC twice (must be 0).
 * 2. Publish to SMS: `--alerts` candidates, each with an INSTANT alert by SMS on a word of their
 *    own; for each, an offer with that word is published (the publish use case, as the API runs
 *    it) and the time from its commit to the alert's submit_sm at the SMSC is measured: p50, p95.
 * The clock is shifted to Cameroon's midday so quiet hours never hold the alerts, whatever the
 * hour the bench runs.
 *
 *   node --import tsx bench/sms.ts [--messages 2000] [--tps 500] [--alerts 30]
 */
import { createKnex, dropDatabase } from '../lib/db.ts';
import { loadConfig } from '../lib/config.ts';
import { createLogger } from '../lib/logger.ts';
import { LocalStorage } from '../lib/storage.ts';
import type { Clock } from '../lib/clock.ts';
import { createContext } from '../domain/context.ts';
import { publishOffre } from '../domain/offres/publish-offre.ts';
import { SmppTransport } from '../engines/sms/smpp-transport.ts';
import { startPumps } from '../jobs/outbox/start-pumps.ts';
import { TestSmsc } from '../test/helpers/smsc.ts';
import { numberArg } from './lib/args.ts';
import { benchDatabaseUrl, migrateAndSeed, recreateDatabase } from './lib/database.ts';
import { percentile } from './lib/latency.ts';

const DATABASE_URL = benchDatabaseUrl('recrutement_bench_sms');
const MESSAGES = numberArg('messages', 2000);
const TPS = numberArg('tps', 500);
const ALERTS = numberArg('alerts', 30);

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Real time moved to the next 12:00 in Douala (11:00 UTC), running at real speed. */
function middayClock(): Clock {
  const noon = new Date();
  noon.setUTCHours(11, 0, 0, 0);
  if (noon.getTime() < Date.now()) noon.setUTCDate(noon.getUTCDate() + 1);
  const offset = noon.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const db = createKnex(DATABASE_URL, { min: 0, max: 8 });
  const smsc = await TestSmsc.start();
  const logger = createLogger('warn');
  const transport = new SmppTransport(new URL(smsc.url), { logger, tps: TPS });
  const clock = middayClock();
  try {
    await migrateAndSeed(db);
    const config = loadConfig({ DATABASE_URL, SMS_URL: smsc.url, LOG_LEVEL: 'warn' });
    const deps = { db, config, logger, clock, storage: new LocalStorage('/tmp') };
    const pumps = startPumps(deps, { sms: { transport, idleMs: 200 }, instantAlerts: { idleMs: 60_000 } });
    console.log(
      `SMSC in process (smpp server) on ${smsc.port}, throttle ${TPS} messages/s on one SMPP connection`,
    );
    try {
      // 1. A burst committed at once.
      const now = clock.now();
      const day = now.toISOString().slice(0, 10);
      const rows = Array.from({ length: MESSAGES }, (_, i) => ({
        toNumber: `+23767${String(i).padStart(7, '0')}`,
        body: `Recrutement : votre code de confirmation est ${String(i).padStart(6, '0')}.`,
        kind: 'code',
        segments: 1,
        localDay: day,
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      }));
      await db.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += 1000) await trx('smsMessages').insert(rows.slice(i, i + 1000));
      });
      const t0 = Date.now();
      await until(() => smsc.submits.length >= MESSAGES, 600_000, 'the burst');
      const seconds = (smsc.submits[MESSAGES - 1].at - t0) / 1000;
      const rate = Math.round(MESSAGES / seconds);
      const twice = MESSAGES - new Set(smsc.submits.map((s) => s.to)).size;
      console.log(
        `send rate, ${MESSAGES} SMS committed at once: all at the SMSC in ${seconds.toFixed(1)} s = ${rate} messages/s; submitted twice: ${twice}`,
      );
      if (twice > 0) throw new Error(`${twice} SMS submitted twice`);

      // 2. Publish to SMS, one candidate with an instant SMS alert per offer.
      const [entrepriseId] = await db('entreprises').insert({
        nomEntreprise: 'Bench SMS',
        plan: 'ENTREPRISE',
      });
      const [recruteurId] = await db('accounts').insert({
        email: 'recruteur@bench-sms.cm',
        passwordHash: 'x',
        role: 'RECRUTEUR',
        emailVerifiedAt: new Date(),
      });
      await db('recruiters').insert({
        id: recruteurId,
        entrepriseId,
        nom: 'Bench',
        prenom: 'SMS',
        status: 'ACTIVE',
        companyRole: 'OWNER',
      });
      const recruteurCtx = createContext(deps, {
        type: 'account',
        id: recruteurId,
        role: 'RECRUTEUR',
        email: 'recruteur@bench-sms.cm',
      });
      const samples: { phone: string; offreId: number }[] = [];
      const created = new Date(clock.now().getTime() - 60_000);
      for (let i = 0; i < ALERTS; i++) {
        const word = `metier${String.fromCharCode(97 + (i % 26))}${Math.floor(i / 26)}x`;
        const phone = `+23769${String(i).padStart(7, '0')}`;
        const [candidatId] = await db('accounts').insert({
          email: `candidat${i}@bench-sms.cm`,
          passwordHash: 'x',
          role: 'CANDIDAT',
          emailVerifiedAt: created,
        });
        await db('candidates').insert({ id: candidatId, nom: 'Bench', prenom: `C${i}`, country: 'Cameroun' });
        await db('smsPhones').insert({
          candidatId,
          phone,
          confirmedAt: created,
          enabled: true,
          statusNotices: false,
          createdAt: created,
          updatedAt: created,
        });
        await db('jobAlerts').insert({
          candidatId,
          email: `candidat${i}@bench-sms.cm`,
          keywords: word,
          active: true,
          confirmedAt: created,
          unsubscribeToken: `bench-sms-${i}`,
          lastMatchedAt: created,
          frequency: 'INSTANT',
          sms: true,
          langue: 'fr',
          createdAt: created,
          updatedAt: created,
        });
        const [offreId] = await db('offres').insert({
          entrepriseId,
          recruteurId,
          titre: `Technicien ${word}`,
          departement: 'Maintenance',
          localisation: 'Douala',
          contractType: 'CDI',
          description: `Poste de technicien ${word} à Douala.`,
          experience: '2 ans',
          competences: JSON.stringify([word]),
          competencesText: word,
          status: 'DRAFT',
        });
        samples.push({ phone, offreId });
      }
      const latencies: number[] = [];
      for (const { phone, offreId } of samples) {
        await publishOffre(recruteurCtx, offreId);
        const committed = Date.now();
        const to = phone.slice(1);
        await until(() => smsc.submits.some((s) => s.to === to), 60_000, `the alert SMS of offer ${offreId}`);
        latencies.push(smsc.submits.find((s) => s.to === to)!.at - committed);
      }
      latencies.sort((a, b) => a - b);
      const p95 = percentile(latencies, 0.95);
      console.log(
        `publish to SMS, ${ALERTS} offers each matching one instant SMS alert: p50 ${percentile(latencies, 0.5)} ms, p95 ${p95} ms, max ${latencies[latencies.length - 1]} ms`,
      );
      console.log(`sms: ${rate} messages/s, publish to SMS p95 ${p95} ms`);
    } finally {
      await pumps.stop();
    }
  } finally {
    await transport.close();
    await smsc.close();
    await db.destroy();
    await dropDatabase(DATABASE_URL);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
