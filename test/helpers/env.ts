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
import { setPasswordHashCost } from '../../lib/passwords.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { seedGeography } from '../../seeds/geography.ts';
import { seedReferenceData } from '../../seeds/reference-data.ts';
import { createLogger, type Logger } from '../../lib/logger.ts';
import { createStorage, type Storage } from '../../lib/storage.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import type { AppDeps } from '../../api/deps.ts';
import { createSearchReplica, type SearchReplica } from '../../engines/search/search-replica.ts';
import { seedSearchSynonyms } from '../../seeds/seed-search-synonyms.ts';

const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

interface TestEnv {
  databaseUrl: string;
  knex: Knex;
  config: Config;
  logger: Logger;
  tmpDir: string;
  search: SearchReplica;
}

let env: TestEnv | null = null;
/** TEST_STORAGE=s3 runs every test against an in-process S3 server instead of a folder. */
let s3: S3TestServer | null = null;

/** Passwords hashed at argon2's least cost (NODE_ENV=test only): about 2 ms a hash instead of 120 to 250. */
export const TEST_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_TIME_COST: '1' };

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
    // Every search reads the journal first, so a row a test writes straight to the database is found at once.
    SEARCH_SYNC_ON_READ: 'true',
    // The same for the reference answers (versions checked before each) and token lookups (none kept).
    CACHE_SYNC_ON_READ: 'true',
    ...TEST_PASSWORD_HASH_COST,
    ...(s3 ? s3.env : {}),
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
  if (process.env.TEST_STORAGE === 's3') s3 = await startS3Server();
  const logger = createLogger(process.env.LOG_LEVEL ?? 'silent');
  env = {
    databaseUrl,
    knex,
    config: null as unknown as Config,
    logger,
    tmpDir,
    search: null as unknown as SearchReplica,
  };
  env.config = testConfig();
  setPasswordHashCost(env.config.passwordHashCost);
  await seedSearchSynonyms(knex);
  env.search = createSearchReplica(knex, logger, env.config);
  await env.search.start();
  return env;
}

export async function stopTestEnv(): Promise<void> {
  if (!env) return;
  env.search.stop();
  await env.knex.destroy();
  await dropDatabase(env.databaseUrl);
  rmSync(env.tmpDir, { recursive: true, force: true });
  env = null;
  await s3?.close();
  s3 = null;
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
    storage: createStorage(config),
    search: overrides.db ? searchReplicaOf(overrides.db) : e.search,
  };
}

/** The store the run's configuration names: a folder, or the S3 server under TEST_STORAGE=s3. */
export function testStorage(): Storage {
  return createStorage(testEnv().config);
}

const replicas = new WeakMap<Knex, SearchReplica>();

/** One search index per database handle, shared by the apps of the run (building one per app would be slow). */
export function searchReplicaOf(db: Knex): SearchReplica {
  let replica = replicas.get(db);
  if (!replica) {
    const e = testEnv();
    replica = createSearchReplica(db, e.logger, e.config);
    replica.start().catch(() => undefined);
    replicas.set(db, replica);
  }
  return replica;
}
