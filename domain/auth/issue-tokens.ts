/**
 * Issues an access/refresh pair for an account and stores both server side: a
 * token absent from auth_tokens, revoked, or past its expiry is refused.
 */
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { tokenKey } from './token-key.ts';
import type { Role } from '../../models/account.ts';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from './token-claims.ts';
import type { TokenPair as TokenPairShape } from '../shapes/index.ts';

/** The access/refresh pair as the API shows it: the static type of its one schema. */
export type TokenPair = Static<typeof TokenPairShape>;

export function newTokenId(): string {
  return randomBytes(18).toString('base64url');
}

export async function issueTokenPair(
  ctx: Ctx,
  account: { id: number; role: Role; email: string },
  familyId: string = newTokenId(),
): Promise<TokenPair> {
  const now = ctx.clock.now();
  const iat = Math.floor(now.getTime() / 1000);
  const accessJti = newTokenId();
  const refreshJti = newTokenId();
  const accessToken = jwt.sign(
    {
      sub: String(account.id),
      role: account.role,
      email: account.email,
      jti: accessJti,
      fam: familyId,
      typ: 'access',
      iat,
      exp: iat + ACCESS_TOKEN_SECONDS,
    },
    tokenKey(ctx.config.jwtSecret),
    { algorithm: 'HS256' },
  );
  const refreshToken = jwt.sign(
    {
      sub: String(account.id),
      jti: refreshJti,
      fam: familyId,
      typ: 'refresh',
      iat,
      exp: iat + REFRESH_TOKEN_SECONDS,
    },
    tokenKey(ctx.config.jwtSecret),
    { algorithm: 'HS256' },
  );
  // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert of the pair (Objection inserts arrays only on PostgreSQL)
  await ctx.db('authTokens').insert([
    {
      accountId: account.id,
      jti: accessJti,
      type: 'ACCESS',
      familyId,
      expiresAt: new Date((iat + ACCESS_TOKEN_SECONDS) * 1000),
    },
    {
      accountId: account.id,
      jti: refreshJti,
      type: 'REFRESH',
      familyId,
      expiresAt: new Date((iat + REFRESH_TOKEN_SECONDS) * 1000),
    },
  ]);
  return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_SECONDS };
}
