/** Reads a refresh token: our signature, `typ: 'refresh'`, and (unless told) not expired at ctx.clock. */
import jwt from 'jsonwebtoken';
import type { Ctx } from '../context.ts';
import { UnauthorizedError } from '../errors.ts';

export interface RefreshClaims {
  sub: string;
  jti: string;
  fam: string;
  typ: 'refresh';
  iat: number;
  exp: number;
}

export const invalidRefreshToken = () => new UnauthorizedError('Invalid, expired or revoked refresh token');

export function readRefreshToken(
  ctx: Ctx,
  token: string,
  opts: { ignoreExpiration?: boolean } = {},
): RefreshClaims {
  let decoded: unknown;
  try {
    decoded = jwt.verify(token, ctx.config.jwtSecret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(ctx.clock.now().getTime() / 1000),
      ignoreExpiration: opts.ignoreExpiration ?? false,
    });
  } catch {
    throw invalidRefreshToken();
  }
  const c = decoded as Partial<RefreshClaims>;
  if (
    c.typ !== 'refresh' ||
    typeof c.jti !== 'string' ||
    typeof c.sub !== 'string' ||
    typeof c.fam !== 'string'
  )
    throw invalidRefreshToken();
  return c as RefreshClaims;
}
