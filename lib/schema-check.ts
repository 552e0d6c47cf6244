/**
 * Whether a database holds this version's schema, read before a long-running process starts. Over
 * one plain connection, not the pool: the pool retries a missing database for a while and logs each
 * try, and the API would listen (and say so) on a schema it cannot use.
 */
import mysql from 'mysql2/promise';
import { connectionFromUrl } from './db.ts';
import { migrationNames } from './migrator.ts';
import { SchemaBehindError } from './schema-behind-error.ts';

/** This version's migrations the database has not applied, in order; every one on a database never migrated. */
export async function pendingMigrations(databaseUrl: string): Promise<string[]> {
  const { host, port, user, password, database } = connectionFromUrl(databaseUrl) as mysql.ConnectionOptions;
  const connection = await mysql.createConnection({ host, port, user, password, database });
  try {
    const [tables] = await connection.query<mysql.RowDataPacket[]>("SHOW TABLES LIKE 'knex_migrations'");
    const applied = new Set<string>();
    if (tables.length > 0) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT name FROM knex_migrations');
      for (const row of rows) applied.add(String(row.name));
    }
    return (await migrationNames()).filter((name) => !applied.has(name));
  } finally {
    await connection.end();
  }
}

/** Throws SchemaBehindError unless every migration of this version is applied. */
export async function requireCurrentSchema(databaseUrl: string): Promise<void> {
  const pending = await pendingMigrations(databaseUrl);
  if (pending.length > 0) throw new SchemaBehindError(pending, (await migrationNames()).length);
}
