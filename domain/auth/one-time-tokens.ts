/**
 * Single-use tokens sent by email (validation, password reset, invitation, alert confirmation).
 * Only their sha256 is stored; consuming one marks it used in the same statement that checks it,
 * so two concurrent uses cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { ValidationError } from '../errors.ts';
import { OneTimeToken, type OneTimeTokenPurpose } from '../../models/one-time-token.ts';
import { INVALID_LINK } from '../common-refusals.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createOneTimeToken(
  ctx: Ctx,
  purpose: OneTimeTokenPurpose,
  opts: { accountId?: number | null; payload?: Record<string, unknown>; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await OneTimeToken.query(ctx.db).insert({
    purpose,
    tokenHash: hashToken(token),
    accountId: opts.accountId ?? null,
    payload: opts.payload ?? null,
    expiresAt: new Date(ctx.clock.now().getTime() + opts.ttlMs),
    createdAt: ctx.clock.now(),
  });
  return token;
}

export interface ConsumedToken {
  id: number;
  accountId: number | null;
  payload: Record<string, unknown> | null;
}

/** A wrong, used or expired single-use token: 400 VALIDATION_ERROR, code INVALID_TOKEN, naming the field. */
export const invalidOneTimeToken = () => new ValidationError(INVALID_LINK, 'token', 'INVALID_TOKEN');

/** Marks the token used and returns it; a wrong, used or expired token is a 400 VALIDATION_ERROR (code INVALID_TOKEN). */
export async function consumeOneTimeToken(
  ctx: Ctx,
  purpose: OneTimeTokenPurpose,
  token: string,
): Promise<ConsumedToken> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  const updated = await OneTimeToken.query(ctx.db)
    .where({ tokenHash, purpose })
    .whereNull('usedAt')
    .where('expiresAt', '>', now)
    .patch({ usedAt: now });
  if (updated !== 1) throw invalidOneTimeToken();
  const row = await OneTimeToken.query(ctx.db)
    .where({ tokenHash })
    .select('id', 'accountId', 'payload')
    .first();
  if (!row) throw invalidOneTimeToken();
  return { id: row.id, accountId: row.accountId, payload: row.payload };
}
