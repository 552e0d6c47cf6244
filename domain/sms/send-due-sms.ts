/**
 * Sends what the SMS outbox holds (the worker's SMS pump). As for emails (send-due-emails.ts):
 * rows are leased (locked_until) by a conditional UPDATE, so two workers never send the same SMS;
 * a failed send is retried with back-off; after MAX_SMS_ATTEMPTS it is FAILED (the dead letter
 * the operator sees in `recrutement sms list --status FAILED` and can retry).
 * - The SMSC busy (ESME_RTHROTTLED, HTTP 429/503): sent again a moment later, the attempt not
 *   counted, since the message is not at fault.
 * - Refused for good (unknown number...): FAILED at once.
 * - The SMSC gone, or the bind refused: the send fails before anything is written to it, so the
 *   message is sent once the SMSC is back, and only then.
 * A worker killed between the SMSC's acceptance and the SENT record sends the SMS again when its
 * lease expires: SMPP 3.4 has no idempotency key, so that window (milliseconds) is the one place
 * a duplicate can come from.
 */
import type { Ctx } from '../context.ts';
import { SmsMessage } from '../../models/sms-message.ts';
import { SmsRejectedError, SmsThrottledError, type SmsTransport } from './sms-transport.ts';
import { smsAfterFailure, SMS_THROTTLED_DELAY_MS } from './sms-retry.ts';

export { MAX_SMS_ATTEMPTS, SMS_RETRY_DELAYS_MS, SMS_THROTTLED_DELAY_MS } from './sms-retry.ts';

const LEASE_MS = 2 * 60_000;

export type SmsRow = Pick<SmsMessage, 'id' | 'toNumber' | 'body' | 'attempts'>;

/** Leases up to `limit` due SMS to this worker, oldest due first. */
export async function claimDueSms(ctx: Ctx, limit: number): Promise<SmsRow[]> {
  if (limit <= 0) return [];
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const ids = await ctx.db.transaction(async (trx) => {
    const rows = await SmsMessage.query(trx)
      .where({ status: 'PENDING' })
      .where('nextAttemptAt', '<=', now)
      .where((q) => {
        q.whereNull('lockedUntil').orWhere('lockedUntil', '<', now);
      })
      .orderBy('nextAttemptAt')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('id');
    const claimed = rows.map((r) => r.id);
    if (claimed.length) await SmsMessage.query(trx).whereIn('id', claimed).patch({ lockedUntil: leaseUntil });
    return claimed;
  });
  if (!ids.length) return [];
  return SmsMessage.query(ctx.db)
    .whereIn('id', ids)
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .select('id', 'toNumber', 'body', 'attempts');
}

export type SendOutcome = 'sent' | 'throttled' | 'retry' | 'failed';

/** Sends one leased SMS and records the outcome. */
export async function sendOneSms(ctx: Ctx, transport: SmsTransport, row: SmsRow): Promise<SendOutcome> {
  try {
    const result = await transport.send({
      id: row.id,
      from: ctx.config.smsFrom,
      to: row.toNumber,
      text: row.body,
    });
    await SmsMessage.query(ctx.db)
      .findById(row.id)
      .patch({
        status: 'SENT',
        attempts: row.attempts + 1,
        sentAt: ctx.clock.now(),
        lockedUntil: null,
        lastError: null,
        providerId: result.providerIds[0]?.slice(0, 100) ?? null,
      });
    return 'sent';
  } catch (err) {
    const message = (err as Error).message?.slice(0, 1000) || 'send failed';
    const now = ctx.clock.now().getTime();
    if (err instanceof SmsThrottledError) {
      await SmsMessage.query(ctx.db)
        .findById(row.id)
        .patch({
          lockedUntil: null,
          lastError: message,
          nextAttemptAt: new Date(now + SMS_THROTTLED_DELAY_MS),
        });
      return 'throttled';
    }
    const attempts = row.attempts + 1;
    const { final, delayMs: delay } = smsAfterFailure(attempts, err instanceof SmsRejectedError);
    await SmsMessage.query(ctx.db)
      .findById(row.id)
      .patch({
        status: final ? 'FAILED' : 'PENDING',
        attempts,
        lockedUntil: null,
        lastError: message,
        nextAttemptAt: new Date(now + delay),
      });
    ctx.logger.warn({ smsId: row.id, attempts, final, err: { message } }, 'sms send failed');
    return final ? 'failed' : 'retry';
  }
}

export interface SmsSendReport {
  claimed: number;
  sent: number;
  throttled: number;
  failed: number;
}

/** Sends what is due, one at a time (the CLI and tests; the worker's pump keeps several in flight). */
export async function sendDueSms(
  ctx: Ctx,
  transport: SmsTransport,
  opts: { batchSize?: number; maxBatches?: number } = {},
): Promise<SmsSendReport> {
  const report: SmsSendReport = { claimed: 0, sent: 0, throttled: 0, failed: 0 };
  for (let batch = 0; batch < (opts.maxBatches ?? 20); batch++) {
    const rows = await claimDueSms(ctx, opts.batchSize ?? 50);
    if (!rows.length) break;
    report.claimed += rows.length;
    for (const row of rows) {
      const outcome = await sendOneSms(ctx, transport, row);
      if (outcome === 'sent') report.sent += 1;
      else if (outcome === 'throttled') report.throttled += 1;
      else report.failed += 1;
    }
  }
  return report;
}
