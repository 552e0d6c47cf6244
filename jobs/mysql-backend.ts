/**
 * Agenda 6 storage backend on MySQL 8 / MariaDB 10.6+ through knex.
 *
 * Semantics follow the official MongoDB backend (the reference implementation)
 * and the Postgres backend (for the SQL mapping). The deliberate choices are
 * explained next to their code, in mysql-backend/:
 * - job-locking.ts: locking is safe across processes (SKIP LOCKED, compare-and-set).
 * - job-rows.ts: Job.save() never clears processor-managed fields.
 * - column-values.ts: works with or without Objection's `knexSnakeCaseMappers()`.
 * - utc-connection.ts: dates are UTC DATETIME(3), checked once in connect().
 * - job-upserts.ts, named-lock.ts: single and unique jobs exist once, across processes.
 * The DDL lives in mysql-backend-schema.ts.
 */
export { MysqlBackend } from './mysql-backend/backend.ts';
export { MysqlJobLogger } from './mysql-backend/job-logger.ts';
export { MysqlJobRepository } from './mysql-backend/job-repository.ts';
export type { MysqlBackendOptions } from './mysql-backend/types.ts';
