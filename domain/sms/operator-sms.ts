/**
 * The operator's view of the SMS outbox (`recrutement sms list|retry|cancel`, `recrutement
 * stats`): the queue with each message's state and delivery receipt, a dead letter sent again,
 * a queued message withdrawn, and the segments sent per Cameroon day (what the operator pays).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { SmsMessage, type SmsStatus } from '../../models/sms-message.ts';

export interface SmsListItem {
  id: number;
  to: string;
  kind: string;
  status: SmsStatus;
  segments: number;
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  dlrStatus: string | null;
  dlrAt: Date | null;
  lastError: string | null;
  text: string;
}

export async function listSms(
  ctx: Ctx,
  opts: { status?: SmsStatus; limit?: number } = {},
): Promise<SmsListItem[]> {
  const q = SmsMessage.query(ctx.db)
    .orderBy('id', 'desc')
    .limit(Math.min(opts.limit ?? 50, 1000));
  if (opts.status) q.where({ status: opts.status });
  const rows = await q;
  return rows.map((r) => ({
    id: r.id,
    to: r.toNumber,
    kind: r.kind,
    status: r.status,
    segments: r.segments,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt,
    sentAt: r.sentAt,
    dlrStatus: r.dlrStatus,
    dlrAt: r.dlrAt,
    lastError: r.lastError,
    text: r.body,
  }));
}

/** A FAILED or CANCELLED message is queued again now, its attempts reset. */
export async function retrySms(ctx: Ctx, id: number): Promise<void> {
  const row = await SmsMessage.query(ctx.db).findById(id).select('status');
  if (!row) throw new NotFoundError('SMS');
  const patched = await SmsMessage.query(ctx.db)
    .findById(id)
    .whereIn('status', ['FAILED', 'CANCELLED'])
    .patch({ status: 'PENDING', attempts: 0, nextAttemptAt: ctx.clock.now(), lockedUntil: null });
  if (!patched)
    throw new ConflictError(
      'SMS_NOT_RETRYABLE',
      bilingual(
        `Le SMS ${id} est ${row.status} : seuls les SMS FAILED ou CANCELLED sont renvoyés`,
        `SMS ${id} is ${row.status}: only FAILED or CANCELLED ones are retried`,
      ),
    );
}

/** A PENDING message is withdrawn (one being sent right now cannot be: its lease holds it). */
export async function cancelSms(ctx: Ctx, id: number): Promise<void> {
  const row = await SmsMessage.query(ctx.db).findById(id).select('status');
  if (!row) throw new NotFoundError('SMS');
  const now = ctx.clock.now();
  const patched = await SmsMessage.query(ctx.db)
    .findById(id)
    .where({ status: 'PENDING' })
    .where((w) => {
      w.whereNull('lockedUntil').orWhere('lockedUntil', '<', now);
    })
    .patch({ status: 'CANCELLED', lastError: 'cancelled by the operator' });
  if (!patched)
    throw new ConflictError(
      'SMS_NOT_CANCELLABLE',
      bilingual(
        `Le SMS ${id} est ${row.status} ou en cours d’envoi`,
        `SMS ${id} is ${row.status} or being sent`,
      ),
    );
}

/** Segments sent (SENT, DELIVERED, UNDELIVERED) per Cameroon day, newest first. */
export async function smsSegmentsPerDay(
  ctx: Ctx,
  days = 7,
): Promise<{ day: string; segments: number; messages: number }[]> {
  const rows = (await SmsMessage.query(ctx.db)
    .whereIn('status', ['SENT', 'DELIVERED', 'UNDELIVERED'])
    .groupBy('localDay')
    .orderBy('localDay', 'desc')
    .limit(days)
    .select('localDay')
    .sum('segments as segments')
    .count('* as messages')) as unknown as {
    localDay: string;
    segments: string | number;
    messages: string | number;
  }[];
  return rows.map((r) => ({ day: r.localDay, segments: Number(r.segments), messages: Number(r.messages) }));
}
