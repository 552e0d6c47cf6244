/**
 * POST /auth/refresh-token: rotates the refresh token.
 *
 * - The old refresh token is consumed by one conditional UPDATE (`used_at IS NULL AND revoked_at
 *   IS NULL AND not expired`), inside the transaction that stores the new pair: of two concurrent
 *   refreshes with one token, the second waits for the first's row lock, then matches no row.
 * - A refresh token that is known but already used or revoked is a replay (a stolen copy, or a
 *   client racing itself): every token of that login family is revoked, the new pair included,
 *   and the answer is 401 TOKEN_REVOKED. This is refresh-token reuse detection. The error names
 *   the account, so the API process that answers forgets its kept lookups of that account's
 *   access tokens at once (as after a logout); every other process follows within 1 s.
 * - Otherwise a dead token is TOKEN_EXPIRED (past its expiry), or TOKEN_REVOKED when it is no
 *   longer on record (its account erased). A token that is not a refresh token of ours at all is
 *   TOKEN_INVALID (readRefreshToken).
 */
import type { Ctx } from '../context.ts';
import { inRetriedTransaction } from '../shared/index.ts';
import { issueTokenPair, type TokenPair } from './issue-tokens.ts';
import { revokeTokenFamily } from './revocation.ts';
import { assertAccountMayHoldSession, findLoginAccount } from './account-standing.ts';
import { expiredRefreshToken, readRefreshToken } from './refresh-token-claims.ts';
import { bilingual, TokenError } from '../errors.ts';
import { AuthToken } from '../../models/auth-token.ts';

type Outcome = { kind: 'rotated'; pair: TokenPair } | { kind: 'dead' };

/** Well signed but not on record: taken back with its account (an erased account's rows go with it). */
const refreshTokenGone = () =>
  new TokenError(
    'TOKEN_REVOKED',
    bilingual(
      'Le jeton de rafraîchissement n’est plus enregistré (son compte a été supprimé)',
      'The refresh token is no longer on record (its account was erased)',
    ),
  );

export async function refreshSession(ctx: Ctx, refreshToken: string): Promise<TokenPair> {
  const claims = readRefreshToken(ctx, refreshToken);
  const now = ctx.clock.now();
  // Concurrent refreshes with one token can deadlock (the winner's inserts against the losers'
  // waiting locks): the victim is run again, finds the token spent, and is a replay like the others.
  const outcome = await inRetriedTransaction(ctx, async (t): Promise<Outcome> => {
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
    if (!row) throw refreshTokenGone();
    const account = await findLoginAccount(t.db, { id: row.accountId });
    if (!account) throw refreshTokenGone();
    // A disabled or suspended account loses its session here too (its tokens are revoked anyway).
    await assertAccountMayHoldSession(t.db, account);
    return { kind: 'rotated', pair: await issueTokenPair(t, account, row.familyId) };
  });
  if (outcome.kind === 'rotated') return outcome.pair;

  // Outside the transaction above, so the family revocation is not rolled back with it.
  const known = await AuthToken.query(ctx.db)
    .where({ jti: claims.jti, type: 'REFRESH', accountId: Number(claims.sub) })
    .select('accountId', 'familyId', 'usedAt', 'revokedAt')
    .first();
  if (!known) throw refreshTokenGone();
  if (known.usedAt || known.revokedAt) {
    const revoked = await revokeTokenFamily(ctx.db, known.familyId, now);
    ctx.logger.warn({ family: known.familyId, revoked }, 'refresh token reuse: login family revoked');
    throw new TokenError(
      'TOKEN_REVOKED',
      known.usedAt
        ? bilingual(
            'Le jeton de rafraîchissement a déjà servi : tous les jetons de cette connexion sont révoqués',
            'The refresh token was already used: every token of its login is revoked',
          )
        : bilingual('Le jeton de rafraîchissement a été révoqué', 'The refresh token was revoked'),
      Number(known.accountId),
    );
  }
  // Known, neither used nor revoked, yet not consumed: past its expiry at ctx.clock.
  throw expiredRefreshToken();
}
