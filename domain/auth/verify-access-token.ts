/**
 * The check of a bearer access token, as every request runs it: the signature and expiry of the
 * JWT (HS256), then whether the database knows it as a live token of an enabled account whose role
 * is still the token's (through the process's AccessTokenCache). null when any of it fails; a
 * database that cannot answer throws.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AccessTokenCache } from './access-token-cache.ts';
import type { TokenAccount } from './revocation.ts';
import type { AccessClaims } from './token-claims.ts';

export interface VerifiedToken {
  claims: AccessClaims;
  account: TokenAccount;
}

/** The signing secret as a key object, made once: given a string, jsonwebtoken first tries it as a public key and throws, at every call. */
export function tokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret));
}

export function verifiedClaims(token: string, key: KeyObject): AccessClaims | null {
  let decoded: Partial<AccessClaims>;
  try {
    decoded = jwt.verify(token, key, { algorithms: ['HS256'] }) as Partial<AccessClaims>;
  } catch {
    return null;
  }
  const accountId = Number(decoded.sub);
  if (decoded.typ !== 'access' || typeof decoded.jti !== 'string' || !Number.isSafeInteger(accountId))
    return null;
  return decoded as AccessClaims;
}

export async function verifyAccessToken(
  token: string,
  key: KeyObject,
  tokens: AccessTokenCache,
  now: Date,
): Promise<VerifiedToken | null> {
  const claims = verifiedClaims(token, key);
  if (!claims) return null;
  const account = await tokens.lookup(claims.jti, Number(claims.sub), now);
  if (!account || account.role !== claims.role) return null;
  return { claims, account };
}
