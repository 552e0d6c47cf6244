/**
 * Agenda job storage (MysqlBackend): the jobs table and the job event log table.
 * The DDL lives in jobs/mysql-backend-schema.ts, shared with the backend's
 * `ensureSchema` option so both always create the same tables.
 */
import type { Knex } from 'knex';
import {
  DEFAULT_JOBS_TABLE,
  DEFAULT_LOGS_TABLE,
  createAgendaJobsTable,
  createAgendaLogsTable,
} from '../jobs/mysql-backend-schema.ts';

export async function up(knex: Knex): Promise<void> {
  await createAgendaJobsTable(knex, DEFAULT_JOBS_TABLE);
  await createAgendaLogsTable(knex, DEFAULT_LOGS_TABLE);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists(DEFAULT_LOGS_TABLE);
  await knex.schema.dropTableIfExists(DEFAULT_JOBS_TABLE);
}
