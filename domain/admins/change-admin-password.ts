/**
 * POST /admin/account/change-password {currentPassword, newPassword}. A wrong current password is
 * 401 INVALID_CREDENTIALS. On success every token of the account is revoked, the caller's own
 * included: each session (and a possible thief's) must sign in again with the new password, as
 * after a password reset.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, inputError, UnauthorizedError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { revokeAllTokensOfAccount } from '../auth/index.ts';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '../../lib/passwords.ts';
import { Account } from '../../models/account.ts';

export async function changeAdminPassword(
  ctx: Ctx,
  input: { adminId: number; currentPassword: string; newPassword: string },
): Promise<{ revokedTokens: number }> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
    throw inputError('Password too short', 'body.newPassword', 'minLength', { limit: MIN_PASSWORD_LENGTH });
  }
  const account = await Account.query(ctx.db)
    .findById(input.adminId)
    .whereIn('role', ['ADMIN', 'SUPER_ADMIN'])
    .select('passwordHash');
  if (!account || !(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw new UnauthorizedError(
      bilingual('Le mot de passe actuel est incorrect', 'The current password is incorrect'),
      'INVALID_CREDENTIALS',
    );
  }
  // argon2 is slow: hash before the transaction so no row lock waits for it.
  const passwordHash = await hashPassword(input.newPassword);
  return inTransaction(ctx, async (t) => {
    const now = t.clock.now();
    await Account.query(t.db).findById(input.adminId).patch({ passwordHash, updatedAt: now });
    const revokedTokens = await revokeAllTokensOfAccount(t.db, input.adminId, now);
    await recordAudit(t, 'admin.password_changed', { type: 'admin', id: input.adminId }, { revokedTokens });
    return { revokedTokens };
  });
}
