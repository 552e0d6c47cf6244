/**
 * The knex instance of the process (mysql2). Columns are snake_case in MySQL and camelCase in code
 * (Objection's knexSnakeCaseMappers). Dates are UTC; DATE columns come back as 'YYYY-MM-DD' strings.
 */
import { createLogger, type Logger } from './logger.ts';
import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';

export type { Knex };

interface MysqlField {
  type: string;
  length: number;
  string(): string | null;
}

/** TINYINT(1) is how MySQL spells BOOLEAN: hand it to the code as a boolean. */
function typeCast(field: MysqlField, next: () => unknown): unknown {
  if (field.type === 'TINY' && field.length === 1) {
    const v = field.string();
    return v === null ? null : v === '1';
  }
  return next();
}

export function connectionFromUrl(databaseUrl: string): Knex.MySql2ConnectionConfig {
  const u = new URL(databaseUrl);
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username || 'root'),
    password: decodeURIComponent(u.password || ''),
    database: u.pathname.replace(/^\//, '') || undefined,
    timezone: 'Z',
    charset: 'utf8mb4',
    dateStrings: ['DATE'],
    supportBigNumbers: true,
    decimalNumbers: true,
    typeCast,
  } as unknown as Knex.MySql2ConnectionConfig;
}

export function databaseName(databaseUrl: string): string {
  return new URL(databaseUrl).pathname.replace(/^\//, '');
}

/**
 * knex's own messages (a failed connection acquisition during an outage, deprecations) go through
 * pino like every other log line, never to the console as plain text.
 */
function knexLog(logger: Logger): Knex.Config['log'] {
  const line = (level: 'warn' | 'error' | 'debug') => (message: unknown) =>
    logger[level](
      { source: 'knex', detail: typeof message === 'string' ? message : JSON.stringify(message) },
      'knex',
    );
  return { warn: line('warn'), error: line('error'), deprecate: line('warn'), debug: line('debug') };
}

export function createKnex(
  databaseUrl: string,
  pool: Knex.PoolConfig = { min: 0, max: 10 },
  logger: Logger = createLogger('warn'),
): Knex {
  return knexFactory({
    client: 'mysql2',
    connection: connectionFromUrl(databaseUrl),
    pool,
    log: knexLog(logger),
    ...knexSnakeCaseMappers(),
  });
}

/** Creates the database named in the URL when it does not exist (used by `db migrate` and tests). */
export async function ensureDatabase(
  databaseUrl: string,
  logger: Logger = createLogger('warn'),
): Promise<void> {
  const name = databaseName(databaseUrl);
  const server = knexFactory({
    client: 'mysql2',
    connection: { ...connectionFromUrl(databaseUrl), database: undefined },
    // Through the process's logger: knex's default prints connection errors to the console.
    log: knexLog(logger),
  });
  try {
    await server.raw('CREATE DATABASE IF NOT EXISTS ?? CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci', [
      name,
    ]);
  } finally {
    await server.destroy();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  const server = knexFactory({
    client: 'mysql2',
    connection: { ...connectionFromUrl(databaseUrl), database: undefined },
  });
  try {
    await server.raw('DROP DATABASE IF EXISTS ??', [name]);
  } finally {
    await server.destroy();
  }
}
