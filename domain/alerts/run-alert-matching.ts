/**
 * The daily matching run of job alerts (job `alerts:daily-match`, CLI `recrutement alerts run`).
 *
 * - Alerts are read in batches by keyset pagination on id, so 100,000 alerts never sit in memory.
 * - Each alert is matched by percolation (find-alert-matches.ts): its keywords run against a small
 *   index of the offers published since the oldest alert window, up to `until`, the run's start.
 * - The alerts of a batch that have offers get, in ONE transaction: their rows locked, one digest
 *   email each in the outbox (sent with retries by `emails:send`), their matches recorded (primary
 *   key (alert, offre)), the `alert.triggered` events, and lastMatchedAt advanced. A re-run, or a
 *   second worker, therefore never sends an offer twice. When that transaction fails, the batch
 *   is done again one alert per transaction, so a failure rolls back that alert only: it is
 *   retried at the next run while the others go on. (One transaction per batch instead of per
 *   alert: 60,000 digests cost 120 commits, not 60,000.)
 * - Alerts without offers only get lastMatchedAt advanced, in one UPDATE per batch.
 * - dryRun computes the same report and writes nothing.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { enqueueEmail } from '../mail/index.ts';
import { recordEvent, recordEvents } from '../events/index.ts';
import { createOffreMatcher, type MatchableAlert } from './find-alert-matches.ts';
import { jobAlertEmail, type DigestOffre } from './alert-emails.ts';
import { toLangue } from '../accounts/index.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { frequencyFilter, whereFrequency, type FrequencyFilter } from './alert-frequency.ts';
import { enqueueSms } from '../sms/index.ts';
import { alertSmsText } from './alert-sms.ts';

export interface AlertRunReport {
  alertsScanned: number;
  alertsMatched: number;
  emailsQueued: number;
  offresSent: number;
  alertsFailed: number;
  dryRun: boolean;
}

export interface AlertRunOptions {
  dryRun?: boolean;
  batchSize?: number;
  /** Alerts matched at the same time within a batch (each uses one connection of the pool). */
  concurrency?: number;
  /** Called after each batch (the job passes job.touch, so a long run keeps its lock). */
  heartbeat?: () => Promise<void>;
  /**
   * Which alerts this run serves: the daily run (default) DAILY ones and WEEKLY ones last matched
   * 7 days ago or more; the instant run (INSTANT) those matched when an offer is published.
   */
  run?: 'daily' | 'instant';
}

interface AlertRow extends MatchableAlert {
  email: string;
  langue: string;
  unsubscribeToken: string;
  candidatId: number | null;
  /** The candidate's confirmed mobile when the alert goes by SMS too and SMS are on. */
  smsPhone: string | null;
}

type Outcome = { kind: 'none' } | { kind: 'sent'; offres: number } | { kind: 'skipped' } | { kind: 'failed' };

async function loadBatch(
  ctx: Ctx,
  afterId: number,
  size: number,
  filter: FrequencyFilter,
): Promise<AlertRow[]> {
  return (
    // eslint-disable-next-line no-restricted-syntax -- SQL: keyset batch of the daily run, COALESCE of the account's email and language over a join
    (await ctx
      .db('jobAlerts as a')
      .leftJoin('accounts as acc', 'acc.id', 'a.candidatId')
      .leftJoin('smsPhones as sp', (j) => {
        j.on('sp.candidatId', '=', 'a.candidatId')
          .andOn('a.sms', '=', ctx.db.raw('1'))
          .andOn('sp.enabled', '=', ctx.db.raw('1'))
          .andOnNull('sp.stoppedAt')
          .andOnNotNull('sp.confirmedAt');
      })
      .where('a.active', true)
      .where((w) => whereFrequency(w, filter))
      .whereNotNull('a.confirmedAt')
      .where('a.id', '>', afterId)
      // A candidate's alert goes to the account's current address, and stops with a disabled account.
      .where((w) => {
        w.whereNull('a.candidatId').orWhere('acc.enabled', true);
      })
      .orderBy('a.id')
      .limit(size)
      .select(
        'a.id',
        'a.keywords',
        'a.villeId',
        'a.regionId',
        'a.contractType',
        'a.salaireMin',
        'a.remotePossible',
        'a.createdAt',
        'a.lastMatchedAt',
        'a.unsubscribeToken',
        'a.candidatId',
        'sp.phone as smsPhone',
        ctx.db.raw('COALESCE(acc.email, a.email) AS email'),
        // A candidate's alert speaks the account's current language; a public one, its request's.
        ctx.db.raw('COALESCE(acc.langue, a.langue) AS langue'),
      )) as AlertRow[]
  );
}

const sameInstant = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : new Date(a).getTime() === new Date(b).getTime();

async function sendDigest(ctx: Ctx, alert: AlertRow, offres: DigestOffre[], until: Date): Promise<boolean> {
  return inTransaction(ctx, async (t) => {
    // Another run may have handled this alert since it was read, or it was switched off: skip it.
    const locked = await JobAlert.query(t.db)
      .findById(alert.id)
      .forUpdate()
      .select('active', 'lastMatchedAt');
    if (!locked?.active || !sameInstant(locked.lastMatchedAt, alert.lastMatchedAt)) return false;
    const now = t.clock.now();
    const emailId = await enqueueEmail(t, digestEmail(t, alert, offres));
    const smsId = await alertSms(t, alert, offres);
    // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
    await t
      .db('jobAlertMatches')
      .insert(offres.map((o) => ({ alertId: alert.id, offreId: o.id, emailId, smsId, createdAt: now })));
    await recordEvent(t, 'alert.triggered', { alertId: alert.id, offreIds: offres.map((o) => o.id) });
    await JobAlert.query(t.db).findById(alert.id).patch({ lastMatchedAt: until });
    return true;
  });
}

const MATCHES_PER_INSERT = 1000;

/**
 * The digests of a whole batch in one transaction; null when it failed (nothing of it stays).
 * Returns the ids of the alerts sent (an alert changed by another run since it was read is skipped).
 */
async function sendDigests(
  ctx: Ctx,
  items: { alert: AlertRow; offres: DigestOffre[] }[],
  until: Date,
): Promise<Set<number> | null> {
  try {
    return await inTransaction(ctx, async (t) => {
      const locked = await JobAlert.query(t.db)
        .whereIn(
          'id',
          items.map((i) => i.alert.id),
        )
        .forUpdate()
        .select('id', 'active', 'lastMatchedAt');
      const current = new Map(locked.map((l) => [l.id, l]));
      const ready = items.filter(({ alert }) => {
        const l = current.get(alert.id);
        return l?.active && sameInstant(l.lastMatchedAt, alert.lastMatchedAt);
      });
      const now = t.clock.now();
      const matches: {
        alertId: number;
        offreId: number;
        emailId: number;
        smsId: number | null;
        createdAt: Date;
      }[] = [];
      for (const { alert, offres } of ready) {
        const emailId = await enqueueEmail(t, digestEmail(t, alert, offres));
        const smsId = await alertSms(t, alert, offres);
        for (const o of offres)
          matches.push({ alertId: alert.id, offreId: o.id, emailId, smsId, createdAt: now });
      }
      for (let i = 0; i < matches.length; i += MATCHES_PER_INSERT)
        // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
        await t.db('jobAlertMatches').insert(matches.slice(i, i + MATCHES_PER_INSERT));
      await recordEvents(
        t,
        'alert.triggered',
        ready.map(({ alert, offres }) => ({ alertId: alert.id, offreIds: offres.map((o) => o.id) })),
      );
      const sent = ready.map(({ alert }) => alert.id);
      if (sent.length) await JobAlert.query(t.db).whereIn('id', sent).patch({ lastMatchedAt: until });
      return new Set(sent);
    });
  } catch (err) {
    ctx.logger.warn(
      { err: { message: (err as Error).message } },
      'job alert batch failed, retried alert by alert',
    );
    return null;
  }
}

/**
 * The alert's SMS, when it goes by SMS and the candidate's mobile takes them; null when not, or
 * when a cap holds it back (one alert SMS per candidate per day, the daily caps): the email
 * carries the offers anyway.
 */
async function alertSms(ctx: Ctx, alert: AlertRow, offres: DigestOffre[]): Promise<number | null> {
  if (!alert.smsPhone || !alert.candidatId) return null;
  const outcome = await enqueueSms(ctx, {
    to: alert.smsPhone,
    text: alertSmsText(ctx, toLangue(alert.langue), offres),
    kind: 'alert',
    candidatId: alert.candidatId,
  });
  return outcome.queued ? outcome.id : null;
}

function digestEmail(ctx: Ctx, alert: AlertRow, offres: DigestOffre[]) {
  return jobAlertEmail(ctx, {
    to: alert.email,
    langue: toLangue(alert.langue),
    keywords: alert.keywords,
    unsubscribeToken: alert.unsubscribeToken,
    offres,
  });
}

async function matchOne(
  ctx: Ctx,
  alert: AlertRow,
  offres: DigestOffre[],
  until: Date,
  dryRun: boolean,
): Promise<Outcome> {
  try {
    if (offres.length === 0) return { kind: 'none' };
    if (dryRun) return { kind: 'sent', offres: offres.length };
    return (await sendDigest(ctx, alert, offres, until))
      ? { kind: 'sent', offres: offres.length }
      : { kind: 'skipped' };
  } catch (err) {
    ctx.logger.error(
      { alertId: alert.id, err: { message: (err as Error).message } },
      'job alert failed, retried at the next run',
    );
    return { kind: 'failed' };
  }
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the results in order. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

export async function runAlertMatching(ctx: Ctx, opts: AlertRunOptions = {}): Promise<AlertRunReport> {
  const dryRun = opts.dryRun ?? false;
  const batchSize = opts.batchSize ?? 500;
  const concurrency = opts.concurrency ?? 4;
  const until = ctx.clock.now();
  const filter = frequencyFilter(opts.run ?? 'daily', until);
  const matcher = await createOffreMatcher(ctx.db, until, filter);
  const report: AlertRunReport = {
    alertsScanned: 0,
    alertsMatched: 0,
    emailsQueued: 0,
    offresSent: 0,
    alertsFailed: 0,
    dryRun,
  };
  let afterId = 0;
  for (;;) {
    const batch = await loadBatch(ctx, afterId, batchSize, filter);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const unsent = await matcher.unsent(batch.map((alert) => ({ alert, offres: matcher.candidates(alert) })));
    const withOffres = batch.flatMap((alert) => {
      const offres = unsent.get(alert.id);
      return offres ? [{ alert, offres }] : [];
    });
    const batchSent = dryRun || withOffres.length === 0 ? null : await sendDigests(ctx, withOffres, until);
    const outcomes: Outcome[] = batchSent
      ? batch.map((alert) => {
          const offres = unsent.get(alert.id) ?? [];
          if (offres.length === 0) return { kind: 'none' };
          return batchSent.has(alert.id) ? { kind: 'sent', offres: offres.length } : { kind: 'skipped' };
        })
      : await mapLimited(batch, concurrency, (alert) =>
          matchOne(ctx, alert, unsent.get(alert.id) ?? [], until, dryRun),
        );
    const unmatched: number[] = [];
    outcomes.forEach((o, i) => {
      if (o.kind === 'none') unmatched.push(batch[i].id);
      if (o.kind === 'sent') {
        report.alertsMatched += 1;
        report.emailsQueued += 1;
        report.offresSent += o.offres;
      }
      if (o.kind === 'failed') report.alertsFailed += 1;
    });
    report.alertsScanned += batch.length;
    if (!dryRun && unmatched.length) {
      // Moves the window forward so it never grows; the guard leaves an alert a concurrent run
      // has already moved further alone.
      await JobAlert.query(ctx.db)
        .whereIn('id', unmatched)
        .where((w) => {
          w.whereNull('lastMatchedAt').orWhere('lastMatchedAt', '<', until);
        })
        .patch({ lastMatchedAt: until });
    }
    await opts.heartbeat?.();
  }
  ctx.logger.info({ ...report }, 'job alerts matched');
  return report;
}
