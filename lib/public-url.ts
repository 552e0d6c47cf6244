/**
 * One public URL per deployment. The API knows where it listens: at start it records its public
 * URL (PUBLIC_URL, else http://HOST:PORT) in app_settings. The job runner and the CLI, which may
 * run in another shell with another PORT or none, take that recorded URL unless PUBLIC_URL is set
 * in their own environment, so every link they write (emails, List-Unsubscribe, file URLs) points
 * to the API.
 */
import type { Knex } from 'knex';
import type { Config } from './config.ts';

const NAME = 'public_url';

export async function recordPublicUrl(db: Knex, config: Config): Promise<void> {
  await db.raw(
    'INSERT INTO app_settings (name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value = VALUES(value), updated_at = CURRENT_TIMESTAMP(3)',
    [NAME, config.publicUrl],
  );
}

/** The URL the API recorded, or null when no API has started yet. */
export async function recordedPublicUrl(db: Knex): Promise<string | null> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: app_settings is infrastructure (no model)
  const row = (await db('appSettings').where({ name: NAME }).first('value')) as { value: string } | undefined;
  return row?.value ?? null;
}

/** The configuration of a process that writes links but does not serve them (worker, CLI). */
export async function withApiPublicUrl(db: Knex, config: Config): Promise<Config> {
  if (config.publicUrlSet) return config;
  const recorded = await recordedPublicUrl(db);
  return recorded ? { ...config, publicUrl: recorded } : config;
}
