/**
 * Reads the bearer token. A missing or refused token leaves the request anonymous (a route
 * decides whether it needs an account), and what was wrong with it is kept for the 401 that such
 * a route may answer. verifyAccessToken checks the signature and expiry (HS256, at the process's
 * clock), then asks the database, through the process's token cache, for a live token of an
 * enabled account (every instance refuses a revoked token within 1 s). The role and email are
 * the account's current ones; a token whose role claim is not the account's role any more (a
 * demoted admin) is refused. When the database cannot answer, the request fails as such (503
 * from the error handler), never as a 401.
 *
 * On the way back, every 401 for want of an account says why (RFC 6750): the generic
 * UNAUTHORIZED of a route or use case becomes TOKEN_MISSING (no bearer token) or the refusal of
 * the token sent (TOKEN_EXPIRED, TOKEN_INVALID, TOKEN_REVOKED), and every TokenError answers with
 * its WWW-Authenticate challenge. A TokenError that revoked tokens on its way (refresh-token
 * reuse) makes this process forget what it kept of that account's tokens before it answers, so
 * the instance that detected the reuse refuses them at once, as after a logout.
 */
import type Koa from 'koa';
import type { Clock } from '../../lib/clock.ts';
import type { TokenAccount, TokenRefusal } from '../../domain/auth/revocation.ts';
import type { AccessClaims } from '../../domain/auth/token-claims.ts';
import type { AccessTokenCache } from '../../domain/auth/access-token-cache.ts';
import { verifyAccessToken } from '../../domain/auth/verify-access-token.ts';
import { tokenKey } from '../../domain/auth/token-key.ts';
import { bilingual, DomainError, TokenError, UnauthorizedError } from '../../domain/errors.ts';
import { statusOf } from '../http/error-status.ts';
import type { Knex } from 'knex';
import {
  looksLikeOAuthToken,
  recordOAuthCall,
  verifyOAuthAccessToken,
  type OAuthAccess,
} from '../../domain/integrations/index.ts';
import type { Logger } from '../../lib/logger.ts';

/** The realm of our challenges (RFC 6750 section 3). */
export const REALM = 'recrutement';

const BEARER = /^Bearer\s/i;
const BEARER_TOKEN = /^Bearer\s+(\S+)\s*$/i;
const MALFORMED_HEADER: TokenRefusal = {
  code: 'TOKEN_INVALID',
  reason: bilingual(
    'L’en-tête Authorization n’est pas « Bearer » suivi d’un seul jeton',
    'The Authorization header is not Bearer followed by one token',
  ),
};
const ACCOUNT_GONE = bilingual(
  'Le compte de ce jeton d’accès n’existe plus',
  'The account of this access token is gone',
);
/** What a TOKEN_MISSING says when the refusal it replaces has no words of its own in both languages. */
const NO_ACCESS_TOKEN = bilingual(
  'Authentification requise : jeton d’accès absent',
  'Authentication required: no access token',
);

export function authenticate(
  opts: { config: { jwtSecret: string }; clock: Clock; db?: Knex },
  tokens: AccessTokenCache,
): Koa.Middleware {
  const secret = opts.config.jwtSecret;
  if (!secret) throw new Error('JWT secret missing: resolve it with withJwtSecret before building the app');
  const key = tokenKey(secret);
  const answer = (ctx: Koa.Context, err: unknown): never => {
    const error = tokenErrorOf(ctx, err);
    if (error instanceof TokenError) {
      if (error.revokedAccountId !== null) tokens.evictAccount(error.revokedAccountId);
      ctx.set('WWW-Authenticate', challengeOf(error));
    }
    throw error;
  };
  const verify = async (ctx: Koa.Context, header: string): Promise<void> => {
    const token = BEARER_TOKEN.exec(header)?.[1];
    // An opaque token is a third-party app's OAuth access token (ours are JWTs), read from the
    // database at each call: a revoked grant, a suspended app or recruiter is refused at once.
    if (token && opts.db && looksLikeOAuthToken(token)) {
      const result = await verifyOAuthAccessToken(opts.db, token, opts.clock.now());
      if ('refusal' in result) ctx.state.tokenRefusal = result.refusal;
      else {
        ctx.state.account = result.access.account;
        ctx.state.oauth = result.access;
      }
      return;
    }
    const verified = token
      ? await verifyAccessToken(token, key, tokens, opts.clock.now())
      : { refusal: MALFORMED_HEADER };
    if ('refusal' in verified) ctx.state.tokenRefusal = verified.refusal;
    else {
      ctx.state.claims = verified.claims;
      ctx.state.account = verified.account;
    }
  };
  return (ctx, next) => {
    const header = ctx.get('Authorization');
    const onError = (err: unknown) => answer(ctx, err);
    // No bearer token (most public requests): nothing to verify, and no await on the way.
    if (!BEARER.test(header)) return next().catch(onError);
    return verify(ctx, header).then(() => {
      const access = oauthAccessOf(ctx);
      if (!access || !opts.db) return next().catch(onError);
      const db = opts.db;
      return next().then(
        () => auditOAuthCall(ctx, db, opts.clock, access, ctx.status),
        async (err: unknown) => {
          await auditOAuthCall(ctx, db, opts.clock, access, statusOfFailure(err));
          return onError(err);
        },
      );
    });
  };
}

/** Every call made with an OAuth token leaves an audit row naming the app, refusals included. */
async function auditOAuthCall(
  ctx: Koa.Context,
  db: Knex,
  clock: Clock,
  access: OAuthAccess,
  status: number,
): Promise<void> {
  try {
    await recordOAuthCall(db, clock.now(), access, {
      method: ctx.method,
      path: ctx.path,
      status,
      ip: (ctx.state.clientIp as string | undefined) ?? ctx.ip ?? null,
    });
  } catch (err) {
    (ctx.state.log as Logger | undefined)?.error({ err }, 'OAuth call audit failed');
  }
}

function statusOfFailure(err: unknown): number {
  if (err instanceof DomainError) return statusOf(err);
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' ? status : 500;
}

/** The OAuth access of a third-party app's token (null for our own tokens and anonymous calls). */
export function oauthAccessOf(ctx: Koa.Context): OAuthAccess | null {
  return (ctx.state.oauth as OAuthAccess | undefined) ?? null;
}

/**
 * The error to answer: a generic UNAUTHORIZED (a route or use case that needed an account) is made
 * precise from what this middleware saw; anything else is left as it is (a wrong password stays
 * INVALID_CREDENTIALS).
 */
function tokenErrorOf(ctx: Koa.Context, err: unknown): unknown {
  if (!(err instanceof UnauthorizedError) || err.code !== 'UNAUTHORIZED') return err;
  const refusal = ctx.state.tokenRefusal as TokenRefusal | undefined;
  if (refusal) return new TokenError(refusal.code, refusal.reason);
  // A verified token whose account vanished while the request ran (deleted, or its role row gone).
  if (tokenAccountOf(ctx)) return new TokenError('TOKEN_REVOKED', ACCOUNT_GONE);
  return new TokenError('TOKEN_MISSING', err.wording ?? NO_ACCESS_TOKEN);
}

/**
 * The WWW-Authenticate challenge of a token error (RFC 6750 section 3): the realm alone when no
 * token was sent (3.1), else `invalid_token` with the reason, which is plain ASCII without quotes.
 */
export function challengeOf(error: TokenError): string {
  if (error.code === 'TOKEN_MISSING') return `Bearer realm="${REALM}"`;
  const description = error.message.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ');
  return `Bearer error="invalid_token", error_description="${description}"`;
}

export function claimsOf(ctx: Koa.Context): AccessClaims | null {
  const claims = ctx.state.claims as AccessClaims | undefined;
  return claims && claims.typ === 'access' && ctx.state.account ? claims : null;
}

/** The account of a verified token, as the database knows it now. */
export function tokenAccountOf(ctx: Koa.Context): TokenAccount | null {
  return (ctx.state.account as TokenAccount | undefined) ?? null;
}
