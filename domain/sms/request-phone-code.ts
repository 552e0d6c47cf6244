/**
 * A candidate asks to receive SMS on a mobile: a 6-digit code is sent to it by SMS, valid 10
 * minutes, 5 tries (confirm-phone.ts). Only the code's hash is kept. Limits, so the platform
 * cannot be used to bomb a number or pay for someone's games: 3 codes per candidate per hour,
 * 5 codes per number per day, whoever asks. The number must be a mobile (libphonenumber-js says
 * which), in E.164. Asking again for a confirmed number changes nothing until the new code is
 * confirmed: the old number keeps working meanwhile.
 */
import { createHash, randomInt } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ForbiddenError, inputError, QuotaExceededError } from '../errors.ts';
import { SmsPhoneCode } from '../../models/sms-phone-code.ts';
import { Account } from '../../models/account.ts';
import { phoneField } from '../shared/index.ts';
import { toLangue } from '../accounts/index.ts';
import { enqueueSms } from './enqueue-sms.ts';
import { smsTexts } from './sms-texts.ts';
import { smsCandidatId } from './sms-settings-view.ts';
import { CANDIDATES_ONLY } from '../common-refusals.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
export const CODES_PER_CANDIDAT_PER_HOUR = 3;
export const CODES_PER_NUMBER_PER_DAY = 5;

export function codeHash(candidatId: number, code: string): string {
  return createHash('sha256').update(`${candidatId}:${code}`).digest('hex');
}

export function candidatOnly(ctx: Ctx): number {
  const id = smsCandidatId(ctx.actor);
  if (id === null) throw new ForbiddenError(CANDIDATES_ONLY);
  return id;
}

/** The mobile in E.164, or a 400 naming the field. */
export function mobileNumber(raw: string): string {
  const e164 = phoneField(raw, 'body.telephone');
  const type = e164 ? parsePhoneNumberFromString(e164)?.getType() : undefined;
  if (!e164 || (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE'))
    throw inputError('Not a mobile number', 'body.telephone', 'format', { format: 'mobile' });
  return e164;
}

export interface CodeSent {
  telephone: string;
  expiresAt: Date;
}

export async function requestPhoneCode(
  ctx: Ctx,
  input: { telephone: string },
  /** Tests read the code here; production never passes it. */
  opts: { onCode?: (code: string) => void } = {},
): Promise<CodeSent> {
  const candidatId = candidatOnly(ctx);
  const phone = mobileNumber(input.telephone);
  return inTransaction(ctx, async (t) => {
    // Serialises one candidate's requests, so two at once cannot both pass the hourly limit.
    const account = await Account.query(t.db).findById(candidatId).forUpdate().select('langue');
    const now = t.clock.now();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const mine = await SmsPhoneCode.query(t.db)
      .where({ candidatId })
      .where('createdAt', '>', hourAgo)
      .resultSize();
    if (mine >= CODES_PER_CANDIDAT_PER_HOUR)
      throw new QuotaExceededError(
        'SMS_CODE_LIMIT',
        bilingual(
          `Trop de codes demandés : ${CODES_PER_CANDIDAT_PER_HOUR} par heure au plus, réessayez plus tard`,
          `Too many codes requested: at most ${CODES_PER_CANDIDAT_PER_HOUR} codes per hour, try later`,
        ),
      );
    const toNumber = await SmsPhoneCode.query(t.db)
      .where({ phone })
      .where('createdAt', '>', dayAgo)
      .resultSize();
    if (toNumber >= CODES_PER_NUMBER_PER_DAY)
      throw new QuotaExceededError(
        'SMS_CODE_LIMIT',
        bilingual(
          `Trop de codes demandés pour ce numéro : ${CODES_PER_NUMBER_PER_DAY} par jour au plus, réessayez plus tard`,
          `Too many codes requested for this number: at most ${CODES_PER_NUMBER_PER_DAY} per day, try later`,
        ),
      );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
    // A new code replaces the unused ones: only the last one sent can be typed.
    await SmsPhoneCode.query(t.db).where({ candidatId }).whereNull('usedAt').patch({ usedAt: now });
    await SmsPhoneCode.query(t.db).insert({
      candidatId,
      phone,
      codeHash: codeHash(candidatId, code),
      tries: 0,
      expiresAt,
      createdAt: now,
    });
    await enqueueSms(t, {
      to: phone,
      text: smsTexts(toLangue(account?.langue)).code(code),
      kind: 'code',
      candidatId,
    });
    opts.onCode?.(code);
    return { telephone: phone, expiresAt };
  });
}
