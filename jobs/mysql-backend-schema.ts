/**
 * Table definitions for the MySQL/MariaDB Agenda backend.
 *
 * This is the single source of truth for the DDL: the knex migration and the
 * backend's `ensureSchema` option both call these functions, so the schema a
 * migrated database has is exactly the one a standalone worker would create.
 *
 * All identifiers are lowercase snake_case so that Objection's
 * `knexSnakeCaseMappers()` (if installed on the knex instance) leaves them
 * unchanged. Requires MySQL 8.0+ or MariaDB 10.6+ (SKIP LOCKED); descending
 * index parts are honoured from MySQL 8.0 / MariaDB 10.8 on and silently
 * treated as ascending before that (still correct, slightly slower).
 */
import type { Knex } from 'knex';
import { isTableExistsError } from '../lib/db-errors.ts';

export const DEFAULT_JOBS_TABLE = 'agenda_jobs';
export const DEFAULT_LOGS_TABLE = 'agenda_logs';

/** Name of the composite index the find-and-lock queries rely on. */
export function findAndLockIndexName(tableName: string): string {
  return `${tableName}_find_and_lock_idx`;
}

/**
 * Create the jobs table.
 *
 * Notable choices:
 * - `id` is a BIGINT auto-increment; the backend hands it to Agenda as a string.
 * - every date is DATETIME(3) holding UTC (the knex/mysql2 connection must use
 *   `timezone: 'Z'`; the backend verifies this on connect).
 * - `data` is LONGTEXT holding JSON rather than the JSON type: MariaDB's JSON is
 *   LONGTEXT anyway, and MySQL's JSON type makes mysql2 return parsed values,
 *   which would make reads differ between the two servers.
 * - `single_name` is a generated column that is only non-NULL for jobs of
 *   `type = 'single'`: the unique index on it emulates Postgres' partial unique
 *   index `(name) WHERE type = 'single'`, which lets `every()` upsert atomically
 *   with INSERT ... ON DUPLICATE KEY UPDATE.
 * - `name` uses a binary collation: Agenda job names are case-sensitive.
 */
export async function createAgendaJobsTable(
  knex: Knex,
  tableName: string = DEFAULT_JOBS_TABLE,
): Promise<void> {
  await knex.schema.createTable(tableName, (table) => {
    table.charset('utf8mb4');
    table.collate('utf8mb4_bin');
    table.bigIncrements('id').primary();
    table.string('name', 255).notNullable();
    table.integer('priority').notNullable().defaultTo(0);
    table.datetime('next_run_at', { precision: 3 }).nullable();
    table.string('type', 16).notNullable().defaultTo('normal');
    table.specificType(
      'single_name',
      "varchar(255) generated always as (case when `type` = 'single' then `name` end) stored",
    );
    table.datetime('locked_at', { precision: 3 }).nullable();
    table.datetime('last_run_at', { precision: 3 }).nullable();
    table.datetime('last_finished_at', { precision: 3 }).nullable();
    table.datetime('failed_at', { precision: 3 }).nullable();
    table.integer('fail_count').nullable();
    table.text('fail_reason').nullable();
    table.string('repeat_interval', 255).nullable();
    table.string('repeat_timezone', 100).nullable();
    table.string('repeat_at', 255).nullable();
    table.datetime('start_date', { precision: 3 }).nullable();
    table.datetime('end_date', { precision: 3 }).nullable();
    table.string('skip_days', 64).nullable();
    table.text('data', 'longtext').nullable();
    table.boolean('disabled').notNullable().defaultTo(false);
    table.double('progress').nullable();
    table.boolean('fork').notNullable().defaultTo(false);
    table.string('last_modified_by', 255).nullable();
    table.datetime('debounce_started_at', { precision: 3 }).nullable();
    table.unique(['single_name'], { indexName: `${tableName}_single_name_uq` });
    // getQueueSize() counts by next_run_at alone
    table.index(['next_run_at'], `${tableName}_next_run_at_idx`);
  });
  // Serves both find-and-lock probes: (name, disabled, locked_at IS NULL,
  // next_run_at <= ?) ordered by next_run_at ASC, priority DESC is read straight
  // off the index (LIMIT 1 stops at the first row), and (name, disabled,
  // locked_at <= deadline) is a short range of expired locks. knex's index()
  // cannot express a DESC part, hence the raw statement.
  await knex.raw('CREATE INDEX ?? ON ?? (??, ??, ??, ??, ?? DESC)', [
    findAndLockIndexName(tableName),
    tableName,
    'name',
    'disabled',
    'locked_at',
    'next_run_at',
    'priority',
  ]);
}

/** Create the table for the persistent job event log (Agenda's `logging: true`). */
export async function createAgendaLogsTable(
  knex: Knex,
  tableName: string = DEFAULT_LOGS_TABLE,
): Promise<void> {
  await knex.schema.createTable(tableName, (table) => {
    table.charset('utf8mb4');
    table.collate('utf8mb4_bin');
    table.bigIncrements('id').primary();
    table.datetime('timestamp', { precision: 3 }).notNullable();
    table.string('level', 10).notNullable();
    table.string('event', 30).notNullable();
    table.string('job_id', 64).nullable();
    table.string('job_name', 255).notNullable();
    table.text('message').notNullable();
    table.integer('duration').nullable();
    table.text('error').nullable();
    table.integer('fail_count').nullable();
    table.integer('retry_delay').nullable();
    table.integer('retry_attempt').nullable();
    table.string('agenda_name', 255).nullable();
    table.text('meta', 'longtext').nullable();
    table.index(['timestamp'], `${tableName}_timestamp_idx`);
    table.index(['job_id', 'timestamp'], `${tableName}_job_id_idx`);
    table.index(['job_name', 'timestamp'], `${tableName}_job_name_idx`);
  });
}

/**
 * Create a table with `create` unless it exists. Tolerates a concurrent worker
 * creating it between the check and the CREATE.
 */
async function ensureTable(
  knex: Knex,
  tableName: string,
  create: (knex: Knex, tableName: string) => Promise<void>,
): Promise<void> {
  if (await knex.schema.hasTable(tableName)) {
    return;
  }
  try {
    await create(knex, tableName);
  } catch (error) {
    if (!isTableExistsError(error)) {
      throw error;
    }
  }
}

export function ensureAgendaJobsTable(knex: Knex, tableName: string = DEFAULT_JOBS_TABLE): Promise<void> {
  return ensureTable(knex, tableName, createAgendaJobsTable);
}

export function ensureAgendaLogsTable(knex: Knex, tableName: string = DEFAULT_LOGS_TABLE): Promise<void> {
  return ensureTable(knex, tableName, createAgendaLogsTable);
}
