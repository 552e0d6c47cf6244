/**
 * Turns an account off or on, in the caller's transaction. Turning it off also revokes every
 * token it holds, so a disabled user is signed out on every API instance at once (the
 * authentication middleware checks revocation in the database on each request).
 */
import type { Ctx } from '../context.ts';
import { revokeAllTokensOfAccount } from './revocation.ts';
import { Account } from '../../models/account.ts';

export async function setAccountEnabled(
  ctx: Ctx,
  accountId: number,
  enabled: boolean,
): Promise<{ revokedTokens: number }> {
  const now = ctx.clock.now();
  await Account.query(ctx.db).findById(accountId).patch({ enabled, updatedAt: now });
  const revokedTokens = enabled ? 0 : await revokeAllTokensOfAccount(ctx.db, accountId, now);
  return { revokedTokens };
}
