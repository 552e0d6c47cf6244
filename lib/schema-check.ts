/**
 * Whether a database holds this version's schema, read before a long-running process starts. Over
 * one plain connection, not the pool: the pool retries a missing database for a while and logs each
 * try, and the API would listen (and say so) on a schema it cannot use.
 */
import mysql from 'mysql2/promise';
import { connectionFromUrl } from './db.ts';
import { migrationNames } from './migrator.ts';
import { SchemaBehindError } from './schema-behind-error.ts';

/** The migrations the database has applied; none on a database never migrated. */
async function appliedMigrations(databaseUrl: string): Promise<Set<string>> {
  const { host, port, user, password, database } = connectionFromUrl(databaseUrl) as mysql.ConnectionOptions;
  const connection = await mysql.createConnection({ host, port, user, password, database });
  try {
    const [tables] = await connection.query<mysql.RowDataPacket[]>("SHOW TABLES LIKE 'knex_migrations'");
    if (tables.length === 0) return new Set();
    const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT name FROM knex_migrations');
    return new Set(rows.map((row) => String(row.name)));
  } finally {
    await connection.end();
  }
}

/** Throws SchemaBehindError unless every migration of this version is applied. */
export async function requireCurrentSchema(databaseUrl: string): Promise<void> {
  const [names, applied] = await Promise.all([migrationNames(), appliedMigrations(databaseUrl)]);
  const pending = names.filter((name) => !applied.has(name));
  if (pending.length > 0) throw new SchemaBehindError(pending, names.length);
}
