/**
 * Reads the bearer token with koa-jwt (passthrough: a route decides whether it needs one) and
 * asks the database whether it was revoked (logout, rotation, reset, disabled account), so a
 * revocation on one API instance is seen by every other at once.
 */
import type Koa from 'koa';
import koaJwt from 'koa-jwt';
import type { AppDeps } from '../deps.ts';
import { isAccessTokenActive } from '../../domain/auth/revocation.ts';
import type { AccessClaims } from '../../domain/auth/token-claims.ts';

export function authenticate(deps: AppDeps): Koa.Middleware {
  const jwt = koaJwt({
    secret: deps.config.jwtSecret,
    passthrough: true,
    key: 'claims',
    algorithms: ['HS256'],
    isRevoked: async (ctx, decoded) => {
      const claims = decoded as Partial<AccessClaims>;
      if (claims.typ !== 'access' || typeof claims.jti !== 'string') return true;
      try {
        return !(await isAccessTokenActive(deps.db, claims.jti, deps.clock.now()));
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
  return claims && claims.typ === 'access' ? claims : null;
}
