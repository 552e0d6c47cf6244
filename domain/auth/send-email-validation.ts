/**
 * Issues the EMAIL_VALIDATION one-time token of a new account and queues the email carrying its
 * link, in the caller's transaction (the account and its email commit together).
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { createOneTimeToken } from './one-time-tokens.ts';
import { enqueueEmail, emailValidationEmail } from '../mail/index.ts';

export const EMAIL_VALIDATION_TTL_MS = 48 * 3600 * 1000;

/** What validation must do besides verifying the address (set at registration). */
export interface EmailValidationPayload {
  /** A recruiter who registered with an invitation: ACTIVE right after validation. */
  invitedMember?: boolean;
}

export async function sendEmailValidation(
  ctx: Ctx,
  account: { id: number; email: string; prenom: string; langue: Langue },
  payload: EmailValidationPayload = {},
): Promise<void> {
  const token = await createOneTimeToken(ctx, 'EMAIL_VALIDATION', {
    accountId: account.id,
    payload: { ...payload },
    ttlMs: EMAIL_VALIDATION_TTL_MS,
  });
  await enqueueEmail(
    ctx,
    emailValidationEmail(ctx, { to: account.email, langue: account.langue, prenom: account.prenom, token }),
  );
}
