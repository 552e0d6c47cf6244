/**
 * SMS are never sent inline: they are written to the SMS outbox (sms_messages) with the caller's
 * database handle, in the transaction of the change that causes them, and the worker sends them
 * (send-due-sms.ts). Here the text is made GSM 03.38 (gsm7.ts) and its segments counted; alert
 * and notice SMS wait for the end of quiet hours and pass the daily caps:
 * - the platform's: segments of alerts and notices per Cameroon day (SMS_DAILY_CAP);
 * - the candidate's: alert and notice SMS per Cameroon day (SMS_CANDIDATE_DAILY_CAP), and one
 *   alert SMS per day whatever that cap says.
 * Over a cap the SMS is not queued (the caller learns why). Codes and STOP answers pass uncapped:
 * the candidate asked for them, and their own limits are elsewhere (request-phone-code.ts).
 */
import type { Ctx } from '../context.ts';
import { signalOutboxWrite } from '../../lib/outbox-signal.ts';
import { SmsMessage, type SmsKind } from '../../models/sms-message.ts';
import { localDate } from '../shared/index.ts';
import { segmentCount, toGsm7 } from './gsm7.ts';
import { afterQuietHours } from './quiet-hours.ts';

export interface SmsToQueue {
  to: string;
  text: string;
  kind: SmsKind;
  candidatId?: number | null;
  /** The domain event it answers (unique: a second SMS for the same event is refused by the database). */
  sourceEventId?: number | null;
}

export type EnqueueOutcome =
  | { queued: true; id: number; segments: number; sendAt: Date }
  | { queued: false; reason: 'PLATFORM_CAP' | 'CANDIDATE_CAP' | 'ALERT_ALREADY_TODAY' };

const CAPPED: SmsKind[] = ['alert', 'status'];

export async function enqueueSms(ctx: Ctx, sms: SmsToQueue): Promise<EnqueueOutcome> {
  const text = toGsm7(sms.text);
  const segments = segmentCount(text);
  const now = ctx.clock.now();
  const capped = CAPPED.includes(sms.kind);
  const sendAt = capped ? afterQuietHours(now) : now;
  const day = localDate(sendAt);
  if (capped) {
    const [platform] = (await SmsMessage.query(ctx.db)
      .where({ localDay: day })
      .whereIn('kind', CAPPED)
      .whereNot('status', 'CANCELLED')
      .sum('segments as segments')) as unknown as { segments: string | number | null }[];
    if (Number(platform?.segments ?? 0) + segments > ctx.config.smsDailyCap)
      return { queued: false, reason: 'PLATFORM_CAP' };
    if (sms.candidatId) {
      const mine = await SmsMessage.query(ctx.db)
        .where({ candidatId: sms.candidatId, localDay: day })
        .whereIn('kind', CAPPED)
        .whereNot('status', 'CANCELLED')
        .select('kind');
      if (sms.kind === 'alert' && mine.some((m) => m.kind === 'alert'))
        return { queued: false, reason: 'ALERT_ALREADY_TODAY' };
      if (mine.length >= ctx.config.smsCandidateDailyCap) return { queued: false, reason: 'CANDIDATE_CAP' };
    }
  }
  const { id } = await SmsMessage.query(ctx.db).insert({
    toNumber: sms.to,
    body: text,
    kind: sms.kind,
    candidatId: sms.candidatId ?? null,
    sourceEventId: sms.sourceEventId ?? null,
    segments,
    localDay: day,
    status: 'PENDING',
    attempts: 0,
    nextAttemptAt: sendAt,
    createdAt: now,
  });
  signalOutboxWrite(ctx.db, 'sms');
  return { queued: true, id, segments, sendAt };
}
