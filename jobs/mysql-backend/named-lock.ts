/**
 * MySQL named locks (GET_LOCK), used to serialize the unique() upserts of one
 * job name across processes.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { readColumn } from './column-values.ts';
import { rawRows } from './query-results.ts';

/** One pool connection held for a sequence of autocommit statements (see withNamedLock). */
export class PinnedConnection {
  constructor(readonly connection: unknown) {}
}

/** MySQL named locks are limited to 64 characters: hash the table and job name. */
export function namedLockKey(tableName: string, jobName: string): string {
  return `agenda:${createHash('sha1').update(`${tableName}\0${jobName}`).digest('hex')}`;
}

/**
 * Run `work` while holding a MySQL named lock. Named locks belong to a
 * connection, so one pool connection is pinned for the duration. Deliberately
 * no transaction: RELEASE_LOCK would run before COMMIT, and a second process
 * could take the lock and miss the first one's still uncommitted insert.
 */
export async function withNamedLock<T>(
  knex: Knex,
  key: string,
  work: (pinned: PinnedConnection) => Promise<T>,
): Promise<T> {
  const connection: unknown = await knex.client.acquireConnection();
  try {
    const acquired = rawRows(
      await knex.raw('SELECT GET_LOCK(?, 10) AS acquired', [key]).connection(connection),
    );
    if (Number(readColumn(acquired[0] ?? {}, 'acquired')) !== 1) {
      throw new Error(`MysqlBackend: timed out waiting for lock ${key}`);
    }
    try {
      return await work(new PinnedConnection(connection));
    } finally {
      await knex.raw('SELECT RELEASE_LOCK(?)', [key]).connection(connection);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}
