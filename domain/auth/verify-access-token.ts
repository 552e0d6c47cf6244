/**
 * What makes a bearer token an access token we honour, in order:
 * 1. our signature (HS256) and not expired at the process's clock (jsonwebtoken);
 * 2. the claims of an access token (typ, jti, a numeric sub): a refresh token is not one;
 * 3. a live token of an enabled account whose role is still the token's, as the database knows
 *    it (through the process's AccessTokenCache).
 * A token that fails says why, as the 401 code of the answer (TokenRefusal). A database that
 * cannot answer throws: the request fails as such (503), never as a 401.
 */
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AccessTokenCache } from './access-token-cache.ts';
import { ACCESS_TOKEN_EXPIRED, type TokenAccount, type TokenRefusal } from './revocation.ts';
import { bilingual } from '../errors.ts';
import type { AccessClaims } from './token-claims.ts';

export interface VerifiedToken {
  claims: AccessClaims;
  account: TokenAccount;
}

function isAccessClaims(payload: object): payload is AccessClaims {
  const p: Partial<Record<keyof AccessClaims, unknown>> = payload;
  return p.typ === 'access' && typeof p.jti === 'string' && Number.isSafeInteger(Number(p.sub));
}

const MALFORMED: TokenRefusal = {
  code: 'TOKEN_INVALID',
  reason: bilingual(
    'Le jeton d’accès est mal formé ou sa signature est invalide',
    'The access token is malformed or its signature is invalid',
  ),
};
const NOT_AN_ACCESS_TOKEN: TokenRefusal = {
  code: 'TOKEN_INVALID',
  reason: bilingual('Ce jeton n’est pas un jeton d’accès', 'This is not an access token'),
};
const ROLE_CHANGED: TokenRefusal = {
  code: 'TOKEN_REVOKED',
  reason: bilingual(
    'Le rôle du compte a changé depuis l’émission du jeton d’accès',
    'The role of the account changed since the access token was issued',
  ),
};

/** The signed payload of `token` at `now`, or why it has none. */
function signedPayload(
  token: string,
  key: KeyObject,
  now: Date,
): { payload: object } | { refusal: TokenRefusal } {
  try {
    const payload = jwt.verify(token, key, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    return typeof payload === 'object' ? { payload } : { refusal: MALFORMED };
  } catch (err) {
    return { refusal: err instanceof jwt.TokenExpiredError ? ACCESS_TOKEN_EXPIRED : MALFORMED };
  }
}

/** The token's claims and account when `token` is a live access token at `now`; else why not. */
export async function verifyAccessToken(
  token: string,
  key: KeyObject,
  tokens: AccessTokenCache,
  now: Date,
): Promise<VerifiedToken | { refusal: TokenRefusal }> {
  const signed = signedPayload(token, key, now);
  if ('refusal' in signed) return signed;
  if (!isAccessClaims(signed.payload)) return { refusal: NOT_AN_ACCESS_TOKEN };
  const claims = signed.payload;
  const standing = await tokens.lookup(claims.jti, Number(claims.sub), now);
  if ('refusal' in standing) return standing;
  if (standing.account.role !== claims.role) return { refusal: ROLE_CHANGED };
  return { claims, account: standing.account };
}
