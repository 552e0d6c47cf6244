/**
 * Reads the bearer token with koa-jwt (passthrough: a missing or bad token leaves the request
 * anonymous, and a route decides whether it needs one). koa-jwt checks the signature and expiry
 * (HS256); its revocation hook then asks acceptAccessToken for a live token of an enabled account
 * as the database knows it, through the process's token cache (every instance refuses a revoked
 * token within 1 s). The role and email are the account's current ones; a token whose role claim
 * is not the account's role any more (a demoted admin) is refused. When the database cannot
 * answer, the request fails as such (503 from the error handler), never as a 401.
 */
import type Koa from 'koa';
import koaJwt from 'koa-jwt';
import type { Clock } from '../../lib/clock.ts';
import type { TokenAccount } from '../../domain/auth/revocation.ts';
import type { AccessClaims } from '../../domain/auth/token-claims.ts';
import type { AccessTokenCache } from '../../domain/auth/access-token-cache.ts';
import { acceptAccessToken, tokenKey } from '../../domain/auth/verify-access-token.ts';

export function authenticate(
  opts: { config: { jwtSecret: string }; clock: Clock },
  tokens: AccessTokenCache,
): Koa.Middleware {
  const secret = opts.config.jwtSecret;
  if (!secret) throw new Error('JWT secret missing: resolve it with withJwtSecret before building the app');
  const key = tokenKey(secret);
  const jwt = koaJwt({
    secret,
    passthrough: true,
    key: 'jwtPayload',
    algorithms: ['HS256'],
    isRevoked: async (ctx, payload) => {
      try {
        const verified = await acceptAccessToken(payload, tokens, opts.clock.now());
        if (!verified) return true;
        ctx.state.claims = verified.claims;
        ctx.state.account = verified.account;
        return false;
      } catch (err) {
        ctx.state.revocationLookupError = err;
        throw err;
      }
    },
  });
  return (ctx, next) => {
    // No bearer token: nothing to verify (and koa-jwt would build an error with a stack trace
    // for every anonymous request, a measurable cost on public routes).
    if (!/^Bearer\s/i.test(ctx.get('Authorization'))) return next();
    // koa-jwt prefers ctx.state.secret to its option: the key object spares jsonwebtoken its
    // failed attempt to read the secret as a public key.
    ctx.state.secret = key;
    return jwt(ctx, async () => {
      delete ctx.state.secret;
      // koa-jwt's passthrough turns a failed revocation lookup into "no token": rethrow it.
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
