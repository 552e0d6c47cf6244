/**
 * The job state (running, scheduled, queued...) computed in SQL, so that state
 * filters and overview counts run in the database.
 */
import type { Knex } from 'knex';
import type { JobsOverview, JobState } from 'agenda';
import { readColumn } from './column-values.ts';
import { rawRows } from './query-results.ts';
import type { QueryBuilder } from './types.ts';

/**
 * The state Agenda's computeJobState() derives, as SQL. Keep in sync with
 * computeJobState (the test suite checks both agree). Bindings: [now, now].
 */
const STATE_SQL = `CASE
	WHEN locked_at IS NOT NULL THEN 'running'
	WHEN failed_at IS NOT NULL AND (last_finished_at IS NULL OR failed_at >= last_finished_at) THEN 'failed'
	WHEN repeat_interval IS NOT NULL AND repeat_interval NOT IN ('', '0') THEN 'repeating'
	WHEN next_run_at > ? THEN 'scheduled'
	WHEN next_run_at <= ? THEN 'queued'
	ELSE 'completed'
END`;

export const JOB_STATES: readonly JobState[] = [
  'running',
  'scheduled',
  'queued',
  'completed',
  'failed',
  'repeating',
  'paused',
];

/** Keep the jobs whose computed state is `state` (not 'paused', which is the disabled flag). */
export function whereState(qb: QueryBuilder, state: JobState, now: Date): void {
  qb.whereRaw(`(${STATE_SQL}) = ?`, [now, now, state]);
}

/** Per job name: how many jobs there are in each state. */
export async function selectJobsOverview(knex: Knex, tableName: string): Promise<JobsOverview[]> {
  const now = new Date();
  const counts = ['running', 'scheduled', 'queued', 'completed', 'failed', 'repeating'] as const;
  const stateColumns = counts.map(
    (state) => `SUM(CASE WHEN state = '${state}' THEN 1 ELSE 0 END) AS ${state}`,
  );
  const result: unknown = await knex.raw(
    `SELECT name, COUNT(*) AS total, ${stateColumns.join(', ')}, SUM(CASE WHEN disabled THEN 1 ELSE 0 END) AS paused
			 FROM (SELECT name, disabled, ${STATE_SQL} AS state FROM ??) AS jobs
			 GROUP BY name ORDER BY name`,
    [now, now, tableName],
  );
  return rawRows(result).map((row) => ({
    name: String(readColumn(row, 'name')),
    total: Number(readColumn(row, 'total')),
    running: Number(readColumn(row, 'running')),
    scheduled: Number(readColumn(row, 'scheduled')),
    queued: Number(readColumn(row, 'queued')),
    completed: Number(readColumn(row, 'completed')),
    failed: Number(readColumn(row, 'failed')),
    repeating: Number(readColumn(row, 'repeating')),
    paused: Number(readColumn(row, 'paused')),
  }));
}
