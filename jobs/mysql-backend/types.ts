/** Types shared by the modules of the MySQL/MariaDB Agenda backend. */
import type { Knex } from 'knex';

export interface MysqlBackendOptions {
  /** The application's knex instance (mysql2 client, `timezone: 'Z'`). Never destroyed by the backend. */
  knex: Knex;
  /** Jobs table (default `agenda_jobs`). */
  tableName?: string;
  /** Job event log table used when Agenda runs with `logging: true` (default `agenda_logs`). */
  logTableName?: string;
  /**
   * Create the tables on connect if they are missing (default false: the
   * application's migrations own the schema).
   */
  ensureSchema?: boolean;
}

export type Row = Record<string, unknown>;
export type QueryBuilder = Knex.QueryBuilder;
/** A WHERE clause, applied with `.where(filter)`. */
export type RowFilter = (qb: QueryBuilder) => void;
