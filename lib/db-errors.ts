/**
 * What a MySQL / MariaDB driver error (mysql2, through knex) means for the caller, in one place.
 * Callers ask a question (is it a duplicate key? may I run it again?) instead of comparing codes:
 * use cases turn a duplicate key or a referenced row into their own 409, transactions are run
 * again after a lock conflict, and a database that cannot be reached becomes a 503.
 *
 * Errors from model queries are Objection's wrappers around the driver's error; the driver's own
 * error (`nativeError`) is the one read.
 *
 * Both the symbolic `code` and the numeric `errno` are checked: mysql2 sets both for server
 * errors, but errors re-thrown by knex or wrapped by other code may keep only one of them.
 */

export type DbErrorKind =
  /** A unique index refused the row (ER_DUP_ENTRY). */
  | 'duplicate-key'
  /** A foreign key still points at the row being deleted or changed (ER_ROW_IS_REFERENCED). */
  | 'row-referenced'
  /** InnoDB chose this transaction as a deadlock victim and rolled it back entirely. */
  | 'deadlock'
  /** A row lock was not granted in time (innodb_lock_wait_timeout); only the statement failed. */
  | 'lock-wait-timeout'
  /** CREATE TABLE of a table that exists (two processes creating it at once). */
  | 'table-exists'
  /** The server cannot be reached or the connection died: nothing is known about the work. */
  | 'unreachable';

/** Server errors by number and name (mysql2 sets `errno` and `code` from the server's packet). */
const SERVER_ERRORS: { errno: number; code: string; kind: DbErrorKind }[] = [
  { errno: 1062, code: 'ER_DUP_ENTRY', kind: 'duplicate-key' },
  { errno: 1451, code: 'ER_ROW_IS_REFERENCED_2', kind: 'row-referenced' },
  { errno: 1217, code: 'ER_ROW_IS_REFERENCED', kind: 'row-referenced' },
  { errno: 1213, code: 'ER_LOCK_DEADLOCK', kind: 'deadlock' },
  { errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT', kind: 'lock-wait-timeout' },
  { errno: 1050, code: 'ER_TABLE_EXISTS_ERROR', kind: 'table-exists' },
  { errno: 1040, code: 'ER_CON_COUNT_ERROR', kind: 'unreachable' },
];
const KIND_OF_CODE = new Map(SERVER_ERRORS.map((e) => [e.code, e.kind]));
const KIND_OF_ERRNO = new Map(SERVER_ERRORS.map((e) => [e.errno, e.kind]));

/** Network and protocol failures of the driver (Node's socket codes and mysql2's own). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);

/** A query or ROLLBACK on a connection that died mid-transaction: mysql2 then gives no code. */
const UNREACHABLE_MESSAGE =
  /Connection lost|connect ECONNREFUSED|Pool is closed|connection is in closed state/i;

interface DriverError {
  code?: unknown;
  errno?: unknown;
  name?: unknown;
  message?: unknown;
}

export function dbErrorKind(err: unknown): DbErrorKind | null {
  if (typeof err !== 'object' || err === null) return null;
  // Objection wraps the driver's error (UniqueViolationError, DBError, ...) and keeps it as nativeError.
  const native = (err as { nativeError?: unknown }).nativeError;
  if (typeof native === 'object' && native !== null) return dbErrorKind(native);
  const e = err as DriverError;
  if (typeof e.code === 'string') {
    const kind = KIND_OF_CODE.get(e.code) ?? (UNREACHABLE_CODES.has(e.code) ? 'unreachable' : null);
    if (kind) return kind;
  }
  if (typeof e.errno === 'number' && KIND_OF_ERRNO.has(e.errno)) return KIND_OF_ERRNO.get(e.errno)!;
  // knex's pool gave up waiting for a connection.
  if (e.name === 'KnexTimeoutError') return 'unreachable';
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return 'unreachable';
  return null;
}

export const isDuplicateKeyError = (err: unknown): boolean => dbErrorKind(err) === 'duplicate-key';

export const isRowReferencedError = (err: unknown): boolean => dbErrorKind(err) === 'row-referenced';

/** The whole transaction was rolled back: running it again from the start is safe. */
export const isDeadlockError = (err: unknown): boolean => dbErrorKind(err) === 'deadlock';

/** Lost a row-lock race (deadlock or lock wait timeout): the failed statement may simply be retried. */
export function isLockConflictError(err: unknown): boolean {
  const kind = dbErrorKind(err);
  return kind === 'deadlock' || kind === 'lock-wait-timeout';
}

export const isTableExistsError = (err: unknown): boolean => dbErrorKind(err) === 'table-exists';

/** The database is down or the connection was lost: the caller should retry later (HTTP 503). */
export const isDatabaseUnreachable = (err: unknown): boolean => dbErrorKind(err) === 'unreachable';
