/**
 * Plumbing for the MysqlBackend tests: a throw-away database of their own
 * (`recrutement_test_agenda_<pid>`), knex instances in the configurations the
 * backend must support, and polling helpers.
 */
import knexFactory from 'knex';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { createKnex as createApplicationKnex } from '../../lib/db.ts';
import { up } from '../../migrations/20261121000200_agenda_jobs.ts';

const SERVER_URL = process.env.TEST_DATABASE_SERVER ?? 'mysql://root@127.0.0.1:3306';

/** One database per test process, so parallel runs never share state (a child worker inherits it). */
export const TEST_DATABASE = process.env.AGENDA_TEST_DB ?? `recrutement_test_agenda_${process.pid}`;

/**
 * - plain: bare mysql2, no response or identifier mapping;
 * - snakeCase: Objection's knexSnakeCaseMappers() only;
 * - application: lib/db.ts createKnex(), the knex the app runs with
 *   (snake-case mappers + TINYINT(1)-as-boolean typeCast + big numbers).
 */
export type KnexFlavor = 'plain' | 'snakeCase' | 'application';

export interface TestKnexOptions {
  flavor?: KnexFlavor;
  poolMax?: number;
  /** Override the mysql2 timezone (to test the backend's UTC check). */
  timezone?: string;
}

function serverConnection(database?: string): Knex.MySql2ConnectionConfig {
  const url = new URL(SERVER_URL);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
    // what the application uses, and what MysqlBackend requires
    timezone: 'Z',
    ...(database ? { database } : {}),
  };
}

export function createTestKnex(options: TestKnexOptions = {}): Knex {
  const pool = { min: 0, max: options.poolMax ?? 5 };
  if (options.flavor === 'application') {
    return createApplicationKnex(`${SERVER_URL}/${TEST_DATABASE}`, pool);
  }
  return knexFactory({
    client: 'mysql2',
    connection: {
      ...serverConnection(TEST_DATABASE),
      ...(options.timezone ? { timezone: options.timezone } : {}),
    },
    pool,
    ...(options.flavor === 'snakeCase' ? knexSnakeCaseMappers() : {}),
  });
}

async function onServer(work: (server: Knex) => Promise<void>): Promise<void> {
  const server = knexFactory({ client: 'mysql2', connection: serverConnection(), pool: { min: 0, max: 1 } });
  try {
    await work(server);
  } finally {
    await server.destroy();
  }
}

/** Drop and recreate the test database, then apply the agenda_jobs migration. */
export async function createTestDatabase(): Promise<void> {
  await onServer(async (server) => {
    await server.raw('DROP DATABASE IF EXISTS ??', [TEST_DATABASE]);
    await server.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [TEST_DATABASE]);
  });
  const knex = createTestKnex();
  try {
    await up(knex);
  } finally {
    await knex.destroy();
  }
}

export async function dropTestDatabase(): Promise<void> {
  await onServer(async (server) => {
    await server.raw('DROP DATABASE IF EXISTS ??', [TEST_DATABASE]);
  });
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Truthy<T> = Exclude<T, null | undefined | false | 0 | ''>;

/** Poll until `check` returns a truthy value (which is returned), or fail after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  message: string,
  timeoutMs = 5000,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) {
      return value as Truthy<T>;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
    }
    await delay(25);
  }
}
