/**
 * Reads the bearer token (a route decides whether it needs one: a missing or bad token leaves the
 * request anonymous) and checks it with verifyAccessToken: a valid signature, then a live token of
 * an enabled account as the database knows it, through the process's token cache (every instance
 * refuses a revoked token within 1 s). The role and email are the account's current ones; a token
 * whose role claim is not the account's role any more (a demoted admin) is refused as revoked. When
 * the database cannot answer, the request fails as such (503 from the error handler), never as a 401.
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import type { TokenAccount } from '../../domain/auth/revocation.ts';
import type { AccessClaims } from '../../domain/auth/token-claims.ts';
import type { AccessTokenCache } from '../../domain/auth/access-token-cache.ts';
import { tokenKey, verifyAccessToken } from '../../domain/auth/verify-access-token.ts';

/** `Authorization: Bearer <token>`, exactly two parts; anything else is no token. */
function bearerToken(header: string): string | null {
  const parts = header.trim().split(' ');
  return parts.length === 2 && /^Bearer$/i.test(parts[0]) && parts[1] ? parts[1] : null;
}

export function authenticate(deps: AppDeps, tokens: AccessTokenCache): Koa.Middleware {
  if (!deps.config.jwtSecret)
    throw new Error('JWT secret missing: resolve it with withJwtSecret before building the app');
  const key = tokenKey(deps.config.jwtSecret);
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    const token = header ? bearerToken(header) : null;
    if (token) {
      const verified = await verifyAccessToken(token, key, tokens, deps.clock.now());
      if (verified) {
        ctx.state.claims = verified.claims;
        ctx.state.account = verified.account;
      }
    }
    await next();
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
