/**
 * Application news by SMS, for candidates who switched notices on (PUT /candidats/me/sms): an
 * interview proposed (TO_MEET) or hired (HIRED). They are read from the `candidature.status_changed`
 * events the status change records (domain/events), after `afterId`, so the application use case
 * knows nothing of SMS. Each SMS names its event (unique), so two workers reading the same events
 * queue one SMS; quiet hours and the daily caps apply as to alerts.
 */
import type { Ctx } from '../context.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { DomainEvent } from '../../models/domain-event.ts';
import { SmsPhone } from '../../models/sms-phone.ts';
import { SmsMessage } from '../../models/sms-message.ts';
import { Account } from '../../models/account.ts';
import { Offre } from '../../models/offre.ts';
import { toLangue } from '../accounts/index.ts';
import { enqueueSms } from './enqueue-sms.ts';
import { smsTexts } from './sms-texts.ts';

const NOTIFIED = new Set(['TO_MEET', 'HIRED']);

/**
 * Where a worker starts reading: after the last event an SMS was written for (what came after it
 * while no worker ran is read now: nothing is lost, and the unique event id keeps it once). Before
 * any notice was ever written: after the last event older than the first number confirmed for
 * notices (no earlier event can concern one), else after the newest event.
 */
export async function statusNoticesCursor(ctx: Ctx): Promise<number> {
  const idOf = (row: unknown) => Number((row as { id: number | null } | undefined)?.id ?? 0);
  const last = await SmsMessage.query(ctx.db)
    .whereNotNull('sourceEventId')
    .max('sourceEventId as id')
    .first();
  if (idOf(last)) return idOf(last);
  const first = (await SmsPhone.query(ctx.db)
    .where({ statusNotices: true })
    .whereNotNull('confirmedAt')
    .min('confirmedAt as at')
    .first()) as unknown as { at: Date | null } | undefined;
  const before = DomainEvent.query(ctx.db).max('id as id');
  if (first?.at) before.where('createdAt', '<', first.at);
  return idOf(await before.first());
}

/** Queues the notices of the status changes after `afterId`; returns the last event id read. */
export async function queueStatusNotices(ctx: Ctx, afterId: number, limit = 500): Promise<number> {
  const events = await DomainEvent.query(ctx.db)
    .where({ type: 'candidature.status_changed' })
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .select('id', 'data');
  for (const event of events) {
    const data = event.data as { candidatId?: number; offreId?: number; newStatus?: string };
    if (!data.candidatId || !data.offreId || !NOTIFIED.has(String(data.newStatus))) continue;
    const phone = await SmsPhone.query(ctx.db).findById(data.candidatId);
    if (!phone?.confirmedAt || !phone.enabled || !phone.statusNotices || phone.stoppedAt) continue;
    const account = await Account.query(ctx.db).findById(data.candidatId).select('langue');
    const offre = await Offre.query(ctx.db).findById(data.offreId).select('titre');
    const t = smsTexts(toLangue(account?.langue));
    const titre = (offre?.titre ?? '').slice(0, 60);
    try {
      await enqueueSms(ctx, {
        to: phone.phone,
        text: data.newStatus === 'HIRED' ? t.hired(titre) : t.interview(titre),
        kind: 'status',
        candidatId: data.candidatId,
        sourceEventId: event.id,
      });
    } catch (err) {
      // Another worker queued it first.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  return events.length ? events[events.length - 1].id : afterId;
}
