/** Server-side token state, shared by every API instance through the database. */
import type { Knex } from 'knex';
import type { Role } from '../../models/account.ts';

export interface TokenAccount {
  id: number;
  role: Role;
  email: string;
}

/**
 * The account an access token speaks for, read from the database: the token must be known as
 * the pair (jti, account), not revoked, not expired at `now`, and its account enabled. The role
 * and email come from the account row, never from the token's claims. null when any of it fails.
 */
export async function accessTokenAccount(
  db: Knex,
  jti: string,
  accountId: number,
  now: Date,
): Promise<TokenAccount | null> {
  const row = (await db('authTokens as t')
    .join('accounts as a', 'a.id', 't.accountId')
    .where({ 't.jti': jti, 't.accountId': accountId, 't.type': 'ACCESS', 'a.enabled': true })
    .whereNull('t.revokedAt')
    .where('t.expiresAt', '>', now)
    .first('a.id', 'a.role', 'a.email')) as TokenAccount | undefined;
  return row ? { id: Number(row.id), role: row.role, email: row.email } : null;
}

export async function revokeAllTokensOfAccount(db: Knex, accountId: number, now: Date): Promise<number> {
  return db('authTokens').where({ accountId }).whereNull('revokedAt').update({ revokedAt: now });
}

export async function revokeTokenFamily(db: Knex, familyId: string, now: Date): Promise<number> {
  return db('authTokens').where({ familyId }).whereNull('revokedAt').update({ revokedAt: now });
}
