/**
 * A message a phone sent us (SMPP deliver_sm, or the HTTP gateway's callback). STOP, ARRET or
 * ARRÊT (any case, spaces or punctuation around it) turns SMS off for every candidate with that
 * number: no alert, no notice, the alerts' SMS channel unusable until the number is confirmed
 * again. The phone gets one answer saying so; a STOP sent again while already off gets none (a
 * loop between two automatons, or a cost, is never possible). Anything else is kept and ignored.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { Account } from '../../models/account.ts';
import { SmsInbound } from '../../models/sms-inbound.ts';
import { SmsPhone } from '../../models/sms-phone.ts';
import { SmsMessage } from '../../models/sms-message.ts';
import { toLangue } from '../accounts/index.ts';
import { toGsm7 } from './gsm7.ts';
import { enqueueSms } from './enqueue-sms.ts';
import { smsTexts } from './sms-texts.ts';

const STOP_WORDS = new Set(['STOP', 'ARRET', 'STOPALL', 'UNSUBSCRIBE', 'DESABONNER']);

export function isStopWord(text: string): boolean {
  const word = toGsm7(text)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return STOP_WORDS.has(word);
}

export interface IncomingOutcome {
  action: 'stop' | 'ignored';
  /** Whether the phone was answered (only the STOP that turned something off is). */
  answered: boolean;
}

export async function handleIncomingSms(ctx: Ctx, from: string, text: string): Promise<IncomingOutcome> {
  const phone = from.startsWith('+') ? from : `+${from}`;
  const stop = isStopWord(text);
  return inTransaction(ctx, async (t) => {
    const now = t.clock.now();
    await SmsInbound.query(t.db).insert({
      fromNumber: phone.slice(0, 20),
      body: text.slice(0, 1600),
      action: stop ? 'stop' : 'ignored',
      receivedAt: now,
    });
    if (!stop) return { action: 'ignored', answered: false };
    const phones = await SmsPhone.query(t.db).where({ phone }).forUpdate();
    const live = phones.filter((p) => p.stoppedAt === null);
    if (!live.length) return { action: 'stop', answered: false };
    await SmsPhone.query(t.db)
      .whereIn(
        'candidatId',
        live.map((p) => p.candidatId),
      )
      .patch({ enabled: false, statusNotices: false, stoppedAt: now, updatedAt: now });
    // Nothing queued for this number leaves after its STOP.
    await SmsMessage.query(t.db)
      .where({ toNumber: phone, status: 'PENDING' })
      .whereIn('kind', ['alert', 'status'])
      .patch({ status: 'CANCELLED', lastError: 'STOP received' });
    const account = await Account.query(t.db).findById(live[0].candidatId).select('langue');
    await enqueueSms(t, {
      to: phone,
      text: smsTexts(toLangue(account?.langue)).stopped,
      kind: 'stop-reply',
      candidatId: live[0].candidatId,
    });
    return { action: 'stop', answered: true };
  });
}
