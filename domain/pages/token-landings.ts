/**
 * What the landing pages of emailed links say (GET /email/validation, GET /alertes/confirmation):
 * the link's action is done as the JSON route does it (the token is spent), and when it cannot be,
 * why: the link is unknown, expired, or used already. A used link whose work is done (the address
 * is verified, the alert confirmed: a mail scanner may have opened it first) says so instead. Each
 * answer carries the language of the account (or of the alert) when the token names one.
 */
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { hashToken } from '../auth/index.ts';
import { validateEmail } from '../recruteurs/index.ts';
import { confirmPublicAlert } from '../alerts/index.ts';
import { toLangue } from '../accounts/index.ts';
import { Account, type Langue, type Role } from '../../models/account.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { OneTimeToken, type OneTimeTokenPurpose } from '../../models/one-time-token.ts';

export type LinkFailure = 'unknown' | 'expired' | 'used';

/** A link that could not do its work, and the language of whom it names (null for an unknown link). */
export interface FailedLink {
  ok: false;
  failure: LinkFailure;
  langue: Langue | null;
}

export type EmailValidationLanding =
  { ok: true; outcome: 'validated' | 'already'; langue: Langue; role: Role } | FailedLink;

export type AlertConfirmationLanding =
  { ok: true; outcome: 'confirmed' | 'already'; langue: Langue; keywords: string } | FailedLink;

const isInvalidToken = (err: unknown) => err instanceof DomainError && err.code === 'INVALID_TOKEN';

/** The stored token, whatever its state (read only). */
async function storedToken(ctx: Ctx, purpose: OneTimeTokenPurpose, token: string) {
  return OneTimeToken.query(ctx.db)
    .where({ tokenHash: hashToken(token), purpose })
    .select('accountId', 'payload', 'expiresAt', 'usedAt')
    .first();
}

function failureOf(row: { usedAt: Date | null }): LinkFailure {
  return row.usedAt ? 'used' : 'expired';
}

export async function emailValidationLanding(ctx: Ctx, token: string): Promise<EmailValidationLanding> {
  try {
    const done = await validateEmail(ctx, token);
    const account = await Account.query(ctx.db).findById(done.accountId).select('langue');
    return { ok: true, outcome: 'validated', langue: toLangue(account?.langue ?? 'fr'), role: done.role };
  } catch (err) {
    if (!isInvalidToken(err)) throw err;
  }
  const row = await storedToken(ctx, 'EMAIL_VALIDATION', token);
  const account = row?.accountId
    ? await Account.query(ctx.db).findById(row.accountId).select('langue', 'role', 'emailVerifiedAt')
    : undefined;
  if (!row || !account) return { ok: false, failure: 'unknown', langue: null };
  const langue = toLangue(account.langue);
  if (row.usedAt && account.emailVerifiedAt)
    return { ok: true, outcome: 'already', langue, role: account.role };
  return { ok: false, failure: failureOf(row), langue };
}

export async function alertConfirmationLanding(ctx: Ctx, token: string): Promise<AlertConfirmationLanding> {
  try {
    const alert = await confirmPublicAlert(ctx, token);
    const row = await JobAlert.query(ctx.db).findById(alert.id).select('langue');
    return {
      ok: true,
      outcome: 'confirmed',
      langue: toLangue(row?.langue ?? 'fr'),
      keywords: alert.keywords,
    };
  } catch (err) {
    if (!isInvalidToken(err)) throw err;
  }
  const row = await storedToken(ctx, 'ALERT_CONFIRMATION', token);
  const alertId = Number(row?.payload?.alertId);
  const alert = Number.isInteger(alertId)
    ? await JobAlert.query(ctx.db).findById(alertId).select('langue', 'keywords', 'confirmedAt')
    : undefined;
  if (!row || !alert) return { ok: false, failure: 'unknown', langue: null };
  const langue = toLangue(alert.langue);
  if (row.usedAt && alert.confirmedAt)
    return { ok: true, outcome: 'already', langue, keywords: alert.keywords };
  return { ok: false, failure: failureOf(row), langue };
}
