/**
 * The JWT signing secret. There is no built-in default: JWT_SECRET when set (at least 32
 * characters), else a random 48-byte secret that the first process of the deployment generates
 * and keeps in the database (app_secrets), so every instance signs and verifies with the same one.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from './config.ts';

const NAME = 'jwt_secret';

/** The configuration with its JWT secret filled in (generated and stored on the first start). */
export async function withJwtSecret(db: Knex, config: Config): Promise<Config> {
  if (config.jwtSecret) return config;
  // INSERT IGNORE: two instances starting together keep the first secret written.
  await db.raw('INSERT IGNORE INTO app_secrets (name, value) VALUES (?, ?)', [
    NAME,
    randomBytes(48).toString('base64url'),
  ]);
  // eslint-disable-next-line no-restricted-syntax -- SQL: app_secrets is infrastructure (no model), read back after INSERT IGNORE
  const row = (await db('appSecrets').where({ name: NAME }).first('value')) as { value: string } | undefined;
  if (!row) throw new Error('the JWT secret could not be stored');
  return { ...config, jwtSecret: row.value };
}
