/** Server-side token state, shared by every API instance through the database. */
import type { Knex } from 'knex';
import { Account, type Role } from '../../models/account.ts';
import { AuthToken } from '../../models/auth-token.ts';

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
  const row = await Account.query(db)
    .joinRelated('authTokens')
    .where({ 'authTokens.jti': jti, 'authTokens.accountId': accountId, 'authTokens.type': 'ACCESS' })
    .where('accounts.enabled', true)
    .whereNull('authTokens.revokedAt')
    .where('authTokens.expiresAt', '>', now)
    .select('accounts.id', 'accounts.role', 'accounts.email')
    .first();
  return row ? { id: Number(row.id), role: row.role, email: row.email } : null;
}

export async function revokeAllTokensOfAccount(db: Knex, accountId: number, now: Date): Promise<number> {
  return AuthToken.query(db).where({ accountId }).whereNull('revokedAt').patch({ revokedAt: now });
}

export async function revokeTokenFamily(db: Knex, familyId: string, now: Date): Promise<number> {
  return AuthToken.query(db).where({ familyId }).whereNull('revokedAt').patch({ revokedAt: now });
}
