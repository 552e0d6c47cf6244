/**
 * What makes a verified JWT an access token we honour: the claims of an access token (typ, jti,
 * a numeric sub), then a live token of an enabled account whose role is still the token's, as the
 * database knows it (through the process's AccessTokenCache). The signature and expiry are checked
 * before this, by koa-jwt (api/middleware/authenticate.ts). A database that cannot answer throws.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { AccessTokenCache } from './access-token-cache.ts';
import type { TokenAccount } from './revocation.ts';
import type { AccessClaims } from './token-claims.ts';

export interface VerifiedToken {
  claims: AccessClaims;
  account: TokenAccount;
}

/**
 * The signing secret as a key object, made once: given a string or a buffer, jsonwebtoken first
 * tries it as a public key and throws (a stack trace per request) before using it as a secret.
 */
export function tokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret));
}

function isAccessClaims(payload: object): payload is AccessClaims {
  const p: Partial<Record<keyof AccessClaims, unknown>> = payload;
  return p.typ === 'access' && typeof p.jti === 'string' && Number.isSafeInteger(Number(p.sub));
}

/** The token's claims and account when the decoded payload is a live access token; null otherwise. */
export async function acceptAccessToken(
  payload: object,
  tokens: AccessTokenCache,
  now: Date,
): Promise<VerifiedToken | null> {
  if (!isAccessClaims(payload)) return null;
  const account = await tokens.lookup(payload.jti, Number(payload.sub), now);
  if (!account || account.role !== payload.role) return null;
  return { claims: payload, account };
}
