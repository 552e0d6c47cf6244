/** Server-side token state, shared by every API instance through the database. */
import type { Knex } from 'knex';

/** True when the access token is known, not revoked and not expired at `now`. */
export async function isAccessTokenActive(db: Knex, jti: string, now: Date): Promise<boolean> {
  const row = await db('authTokens')
    .where({ jti, type: 'ACCESS' })
    .whereNull('revokedAt')
    .where('expiresAt', '>', now)
    .first('id');
  return Boolean(row);
}

export async function revokeAllTokensOfAccount(db: Knex, accountId: number, now: Date): Promise<number> {
  return db('authTokens').where({ accountId }).whereNull('revokedAt').update({ revokedAt: now });
}

export async function revokeTokenFamily(db: Knex, familyId: string, now: Date): Promise<number> {
  return db('authTokens').where({ familyId }).whereNull('revokedAt').update({ revokedAt: now });
}
