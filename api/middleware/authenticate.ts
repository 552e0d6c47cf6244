/**
 * Reads the bearer token with koa-jwt (passthrough: a route decides whether it needs one) and
 * asks the database for the account it speaks for: the pair (jti, account id) must be a live
 * token of an enabled account (logout, rotation, reset, disabling: seen by every instance at
 * once), and the role and email are the account's current ones. A token whose role claim is not
 * the account's role any more (a demoted admin) is refused as revoked.
 */
import type Koa from 'koa';
import koaJwt from 'koa-jwt';
import type { AppDeps } from '../deps.ts';
import { accessTokenAccount, type TokenAccount } from '../../domain/auth/revocation.ts';
import type { AccessClaims } from '../../domain/auth/token-claims.ts';

export function authenticate(deps: AppDeps): Koa.Middleware {
  if (!deps.config.jwtSecret)
    throw new Error('JWT secret missing: resolve it with withJwtSecret before building the app');
  const jwt = koaJwt({
    secret: deps.config.jwtSecret,
    passthrough: true,
    key: 'claims',
    algorithms: ['HS256'],
    isRevoked: async (ctx, decoded) => {
      const claims = decoded as Partial<AccessClaims>;
      const accountId = Number(claims.sub);
      if (claims.typ !== 'access' || typeof claims.jti !== 'string' || !Number.isSafeInteger(accountId))
        return true;
      try {
        const account = await accessTokenAccount(deps.db, claims.jti, accountId, deps.clock.now());
        if (!account || account.role !== claims.role) return true;
        ctx.state.account = account;
        return false;
      } catch (err) {
        ctx.state.revocationLookupError = err;
        throw err;
      }
    },
  } as koaJwt.Options) as unknown as Koa.Middleware;
  // koa-jwt's passthrough swallows a failed revocation lookup as "no token" (401): when the
  // database could not answer, the request fails as such (503 from the error handler) instead.
  return (ctx, next) => {
    // No bearer token: nothing to verify (and koa-jwt would build an error with a stack trace
    // for every anonymous request, a measurable cost on public routes).
    if (!/^Bearer\s/i.test(ctx.get('Authorization'))) return next();
    return jwt(ctx, async () => {
      if (ctx.state.revocationLookupError) throw ctx.state.revocationLookupError;
      await next();
    });
  };
}

export function claimsOf(ctx: Koa.Context): AccessClaims | null {
  const claims = ctx.state.claims as AccessClaims | undefined;
  return claims && claims.typ === 'access' && ctx.state.account ? claims : null;
}

/** The account of a verified token, as the database knows it now. */
export function tokenAccountOf(ctx: Koa.Context): TokenAccount | null {
  return (ctx.state.account as TokenAccount | undefined) ?? null;
}
