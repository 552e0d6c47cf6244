/**
 * The test run's environment: one MariaDB database created for the run (never `recrutement`),
 * migrated and seeded with reference data and geography, dropped at the end. Tests build their
 * own rows with the factories; none relies on another test's data.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Knex } from 'knex';
import { createKnex, dropDatabase, ensureDatabase } from '../../lib/db.ts';
import { loadConfig, type Config } from '../../lib/config.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { seedGeography } from '../../seeds/geography.ts';
import { seedReferenceData } from '../../seeds/reference-data.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { LocalStorage } from '../../lib/storage.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { AppDeps } from '../../api/deps.ts';

const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

interface TestEnv {
  databaseUrl: string;
  knex: Knex;
  config: Config;
  logger: Logger;
  tmpDir: string;
}

let env: TestEnv | null = null;

export function testConfig(overrides: Record<string, string> = {}): Config {
  if (!env) throw new Error('test environment not started');
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    RATE_LIMIT_ENABLED: 'false',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    UPLOAD_DIR: path.join(env.tmpDir, 'uploads'),
    MAIL_DIR: path.join(env.tmpDir, 'mail'),
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...overrides,
  });
}

export async function startTestEnv(): Promise<TestEnv> {
  const name = `recrutement_test_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = `${SERVER_URL}/${name}`;
  await ensureDatabase(databaseUrl);
  const knex = createKnex(databaseUrl, { min: 0, max: 20 });
  await migrateLatest(knex);
  await seedReferenceData(knex);
  await seedGeography(knex);
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'recrutement-test-'));
  const logger = createLogger(process.env.LOG_LEVEL ?? 'silent');
  env = { databaseUrl, knex, config: null as unknown as Config, logger, tmpDir };
  env.config = testConfig();
  return env;
}

export async function stopTestEnv(): Promise<void> {
  if (!env) return;
  await env.knex.destroy();
  await dropDatabase(env.databaseUrl);
  rmSync(env.tmpDir, { recursive: true, force: true });
  env = null;
}

export function testEnv(): TestEnv {
  if (!env) throw new Error('test environment not started (is test/helpers/global-hooks.ts loaded?)');
  return env;
}

export function testDb(): Knex {
  return testEnv().knex;
}

/** Dependencies for createApp / domain calls; override the clock or config per test. */
export function testDeps(overrides: { clock?: Clock; config?: Partial<Config>; db?: Knex } = {}): AppDeps {
  const e = testEnv();
  const config = { ...e.config, ...overrides.config };
  return {
    db: overrides.db ?? e.knex,
    config,
    logger: e.logger,
    clock: overrides.clock ?? systemClock,
    storage: new LocalStorage(config.uploadDir),
  };
}
