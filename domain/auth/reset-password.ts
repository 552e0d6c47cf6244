/**
 * POST /auth/reset-password: spends the PASSWORD_RESET token, stores the new password and revokes
 * every token of the account (whoever knew the old password is logged out everywhere).
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { inputError } from '../errors.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../../lib/passwords.ts';
import { consumeOneTimeToken, invalidOneTimeToken } from './one-time-tokens.ts';
import { revokeAllTokensOfAccount } from './revocation.ts';
import { Account } from '../../models/account.ts';

export async function resetPassword(
  ctx: Ctx,
  input: { token: string; newPassword: string },
): Promise<{ accountId: number }> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
    throw inputError('Password too short', 'body.newPassword', 'minLength', { limit: MIN_PASSWORD_LENGTH });
  }
  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(ctx, async (t) => {
    const consumed = await consumeOneTimeToken(t, 'PASSWORD_RESET', input.token);
    if (!consumed.accountId) throw invalidOneTimeToken();
    const now = t.clock.now();
    const updated = await Account.query(t.db)
      .findById(consumed.accountId)
      .patch({ passwordHash, updatedAt: now });
    if (updated !== 1) throw invalidOneTimeToken();
    await revokeAllTokensOfAccount(t.db, consumed.accountId, now);
    return { accountId: consumed.accountId };
  });
}
