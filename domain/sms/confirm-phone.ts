/**
 * The candidate types the code sent by SMS: the number becomes their SMS number, confirmed and
 * enabled (a STOP received before is lifted: confirming is asking again). A wrong code spends one
 * of the code's 5 tries; a spent, expired or replaced code is refused like a wrong one, so the
 * answer says nothing about which.
 */
import { timingSafeEqual } from 'node:crypto';
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ValidationError } from '../errors.ts';
import { SmsPhoneCode } from '../../models/sms-phone-code.ts';
import { SmsPhone } from '../../models/sms-phone.ts';
import { candidatOnly, CODE_TRIES, codeHash } from './request-phone-code.ts';
import { smsSettingsView, type SmsSettingsView } from './sms-settings-view.ts';

export async function confirmPhone(ctx: Ctx, input: { code: string }): Promise<SmsSettingsView> {
  const candidatId = candidatOnly(ctx);
  const wrong = () =>
    new ValidationError(
      bilingual(
        'Code invalide ou expiré : demandez-en un nouveau',
        'Invalid or expired code: ask for a new code',
      ),
      'code',
      'INVALID_SMS_CODE',
    );
  const outcome = await inTransaction(ctx, async (t) => {
    const now = t.clock.now();
    const code = await SmsPhoneCode.query(t.db)
      .where({ candidatId })
      .whereNull('usedAt')
      .orderBy('id', 'desc')
      .forUpdate()
      .first();
    if (!code || new Date(code.expiresAt) <= now || code.tries >= CODE_TRIES) return 'wrong' as const;
    const given = Buffer.from(codeHash(candidatId, input.code.trim()));
    if (!timingSafeEqual(given, Buffer.from(code.codeHash))) {
      await SmsPhoneCode.query(t.db)
        .findById(code.id)
        .patch({ tries: code.tries + 1, ...(code.tries + 1 >= CODE_TRIES ? { usedAt: now } : {}) });
      return 'wrong' as const;
    }
    await SmsPhoneCode.query(t.db)
      .findById(code.id)
      .patch({ usedAt: now, tries: code.tries + 1 });
    const existing = await SmsPhone.query(t.db).findById(candidatId).forUpdate();
    const fields = { phone: code.phone, confirmedAt: now, enabled: true, stoppedAt: null, updatedAt: now };
    if (existing) await SmsPhone.query(t.db).findById(candidatId).patch(fields);
    else await SmsPhone.query(t.db).insert({ candidatId, statusNotices: false, createdAt: now, ...fields });
    return 'ok' as const;
  });
  // The failed try is committed before the refusal, so tries cannot be replayed by an error.
  if (outcome === 'wrong') throw wrong();
  return smsSettingsView(await SmsPhone.query(ctx.db).findById(candidatId));
}
