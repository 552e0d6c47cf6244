/** Saving jobs that must exist only once: every() ('single') jobs and unique() jobs. */
import type { JobParameters, UniqueOpts } from 'agenda';
import { applyDebounceToExistingJob, applyDebounceToNewJob } from './debounce.ts';
import { processorColumns, rowToJob, userColumns } from './job-rows.ts';
import type { JobTable } from './job-table.ts';
import { withLockRetry } from './lock-retry.ts';
import { namedLockKey, withNamedLock } from './named-lock.ts';
import type { Row } from './types.ts';
import { applyUniqueFilter, assertNoQueryOperators } from './unique-filter.ts';

/**
 * Jobs of type 'single' (every()) exist once per name: atomic upsert on the
 * unique `single_name` key. A nextRunAt that is already due is "protected":
 * an existing job keeps its own nextRunAt, so restarting an app that calls
 * every() does not re-run (or postpone) the job (Mongo's $setOnInsert).
 */
export async function upsertSingleJob<DATA>(
  table: JobTable,
  job: JobParameters<DATA>,
  lastModifiedBy: string | null,
): Promise<JobParameters<DATA>> {
  const insert = { ...userColumns(job, lastModifiedBy), ...processorColumns(job) };
  const protectNextRunAt =
    job.nextRunAt !== null && job.nextRunAt !== undefined && new Date(job.nextRunAt) <= new Date();
  const merged = Object.keys(userColumns(job, lastModifiedBy)).filter(
    (column) => column !== 'name' && !(protectNextRunAt && column === 'next_run_at'),
  );
  await withLockRetry(() => table.query().insert(insert).onConflict('single_name').merge(merged));
  const rows: Row[] = await table.query().select('*').where('single_name', job.name);
  if (!rows[0]) {
    throw new Error(`MysqlBackend: single job "${job.name}" vanished right after its upsert`);
  }
  return rowToJob<DATA>(rows[0]);
}

/**
 * unique()/insertOnly/debounce: find the job matching the unique key and
 * update it, or insert. Serialized per job name with a MySQL named lock so
 * that two processes saving the same unique job cannot both insert it; the
 * statements autocommit, so a write is visible before the lock is released.
 */
export async function upsertUniqueJob<DATA>(
  table: JobTable,
  job: JobParameters<DATA>,
  unique: Record<string, unknown>,
  uniqueOpts: UniqueOpts | undefined,
  lastModifiedBy: string | null,
): Promise<JobParameters<DATA>> {
  for (const [key, value] of Object.entries(unique)) {
    assertNoQueryOperators(value, key);
  }
  return withNamedLock(table.knex, namedLockKey(table.name, job.name), async (pinned) => {
    const rows: Row[] = await table
      .query(pinned)
      .select('*')
      .where('name', job.name)
      .where((qb) => applyUniqueFilter(qb, unique))
      .orderBy('id')
      .limit(1);
    const existing = rows[0] ? rowToJob(rows[0]) : undefined;
    const now = new Date();
    if (!existing) {
      return table.insert(applyDebounceToNewJob(job, uniqueOpts, now), lastModifiedBy, pinned);
    }
    if (uniqueOpts?.insertOnly && !uniqueOpts.debounce) {
      return existing as JobParameters<DATA>;
    }
    const updated = applyDebounceToExistingJob(job, existing, uniqueOpts, now);
    const id = String(existing._id);
    await table.query(pinned).where('id', id).update(userColumns(updated, lastModifiedBy));
    const row = await table.selectById(id, pinned);
    return row ? rowToJob<DATA>(row) : updated;
  });
}
