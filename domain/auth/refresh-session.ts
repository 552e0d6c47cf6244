/**
 * POST /auth/refresh-token: rotates the refresh token.
 *
 * - The old refresh token is consumed by one conditional UPDATE (`used_at IS NULL AND revoked_at
 *   IS NULL AND not expired`), inside the transaction that stores the new pair: of two concurrent
 *   refreshes with one token, the second waits for the first's row lock, then matches no row.
 * - A refresh token that is known but already used or revoked is a replay (a stolen copy, or a
 *   client racing itself): every token of that login family is revoked, the new pair included,
 *   and the answer is 401. This is refresh-token reuse detection.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { issueTokenPair, type TokenPair } from './issue-tokens.ts';
import { revokeTokenFamily } from './revocation.ts';
import { assertAccountMayHoldSession, findLoginAccount } from './account-standing.ts';
import { invalidRefreshToken, readRefreshToken } from './refresh-token-claims.ts';
import { AuthToken } from '../../models/auth-token.ts';

type Outcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'dead' };

export async function refreshSession(ctx: Ctx, refreshToken: string): Promise<TokenPair> {
  const claims = readRefreshToken(ctx, refreshToken);
  const now = ctx.clock.now();
  const outcome = await inTransaction(ctx, async (t): Promise<Outcome> => {
    const consumed = await AuthToken.query(t.db)
      .where({ jti: claims.jti, type: 'REFRESH', accountId: Number(claims.sub) })
      .whereNull('usedAt')
      .whereNull('revokedAt')
      .where('expiresAt', '>', now)
      .patch({ usedAt: now, revokedAt: now });
    if (consumed !== 1) return { kind: 'dead' };
    const row = await AuthToken.query(t.db)
      .where({ jti: claims.jti })
      .select('accountId', 'familyId')
      .first();
    if (!row) throw invalidRefreshToken();
    const account = await findLoginAccount(t.db, { id: row.accountId });
    if (!account) throw invalidRefreshToken();
    // A disabled or suspended account loses its session here too (its tokens are revoked anyway).
    await assertAccountMayHoldSession(t.db, account);
    return { kind: 'rotated', pair: await issueTokenPair(t, account, row.familyId) };
  });
  if (outcome.kind === 'rotated') return outcome.pair;

  // Outside the transaction above, so the family revocation is not rolled back with it.
  const known = await AuthToken.query(ctx.db)
    .where({ jti: claims.jti, type: 'REFRESH' })
    .select('familyId', 'usedAt', 'revokedAt')
    .first();
  if (known && (known.usedAt || known.revokedAt)) {
    const revoked = await revokeTokenFamily(ctx.db, known.familyId, now);
    ctx.logger.warn({ family: known.familyId, revoked }, 'refresh token reuse: login family revoked');
  }
  throw invalidRefreshToken();
}
