/**
 * POST /auth/logout: revokes the login family of the access token used,
 * i.e. that access token and its refresh token(s). A refresh token sent in the body revokes its
 * own family too when it belongs to the same account (a client holding an older login). The
 * revocation is a database row, so every API instance refuses the token at once.
 */
import type { Ctx } from '../context.ts';
import { DomainError, UnauthorizedError } from '../errors.ts';
import { revokeTokenFamily } from './revocation.ts';
import { readRefreshToken } from './refresh-token-claims.ts';

export async function logout(
  ctx: Ctx,
  session: { familyId: string },
  refreshToken?: string | null,
): Promise<{ revoked: number }> {
  if (ctx.actor.type !== 'account') throw new UnauthorizedError();
  const now = ctx.clock.now();
  let revoked = await revokeTokenFamily(ctx.db, session.familyId, now);
  if (refreshToken) {
    try {
      const claims = readRefreshToken(ctx, refreshToken, { ignoreExpiration: true });
      if (Number(claims.sub) === ctx.actor.id && claims.fam !== session.familyId)
        revoked += await revokeTokenFamily(ctx.db, claims.fam, now);
    } catch (err) {
      // Logging out never fails because of a bad optional refresh token.
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return { revoked };
}
