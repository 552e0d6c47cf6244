/**
 * Reads a refresh token: our signature, `typ: 'refresh'`, and (unless told) not expired at
 * ctx.clock. A refusal is a TokenError: TOKEN_EXPIRED past its `exp`, else TOKEN_INVALID.
 */
import jwt from 'jsonwebtoken';
import type { Ctx } from '../context.ts';
import { bilingual, TokenError, type Sentence } from '../errors.ts';
import { tokenKey } from './token-key.ts';

export interface RefreshClaims {
  sub: string;
  jti: string;
  fam: string;
  typ: 'refresh';
  iat: number;
  exp: number;
}

const MALFORMED = bilingual(
  'Le jeton de rafraîchissement est mal formé ou sa signature est invalide',
  'The refresh token is malformed or its signature is invalid',
);

export const invalidRefreshToken = (reason: Sentence = MALFORMED) => new TokenError('TOKEN_INVALID', reason);
export const expiredRefreshToken = () =>
  new TokenError(
    'TOKEN_EXPIRED',
    bilingual(
      'Le jeton de rafraîchissement a expiré : reconnectez-vous',
      'The refresh token expired: sign in again',
    ),
  );

export function readRefreshToken(
  ctx: Ctx,
  token: string,
  opts: { ignoreExpiration?: boolean } = {},
): RefreshClaims {
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, tokenKey(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(ctx.clock.now().getTime() / 1000),
      ignoreExpiration: opts.ignoreExpiration ?? false,
    });
  } catch (err) {
    throw err instanceof jwt.TokenExpiredError ? expiredRefreshToken() : invalidRefreshToken();
  }
  const c = decoded as Partial<RefreshClaims>;
  if (
    c.typ !== 'refresh' ||
    typeof c.jti !== 'string' ||
    typeof c.sub !== 'string' ||
    typeof c.fam !== 'string'
  )
    throw invalidRefreshToken(
      bilingual('Ce jeton n’est pas un jeton de rafraîchissement', 'This is not a refresh token'),
    );
  return c as RefreshClaims;
}
