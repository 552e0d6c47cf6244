/**
 * Locking jobs for a worker, safe across processes: getNextJobToRun selects
 * with `FOR UPDATE SKIP LOCKED` and sets `locked_at` in the same transaction,
 * and lockJob is a compare-and-set UPDATE. A lock older than the lock deadline
 * (the job definition's lockLifetime) is considered abandoned.
 */
import type { Knex } from 'knex';
import type { JobParameters } from 'agenda';
import { parseId } from './job-ids.ts';
import { rowToJob } from './job-rows.ts';
import type { JobTable } from './job-table.ts';
import { withLockRetry } from './lock-retry.ts';
import { affectedRows } from './query-results.ts';
import type { Row, RowFilter } from './types.ts';

/** Compare-and-set: lock the job only if it is still unlocked and unchanged. */
export async function lockJobIfUnchanged(
  table: JobTable,
  job: JobParameters,
  lastModifiedBy: string | null,
): Promise<JobParameters | undefined> {
  const id = parseId(job._id);
  if (!id) {
    return undefined;
  }
  const lockedAt = new Date();
  const query = table.query().where({ id, name: job.name, disabled: false }).whereNull('locked_at');
  if (job.nextRunAt) {
    query.where('next_run_at', new Date(job.nextRunAt));
  } else {
    query.whereNull('next_run_at');
  }
  const result: unknown = await query.update({
    locked_at: lockedAt,
    last_modified_by: lastModifiedBy,
  });
  if (affectedRows(result) !== 1) {
    return undefined;
  }
  const row = await table.selectById(id);
  return row ? rowToJob(row) : undefined;
}

/**
 * Find the next runnable job of this name and lock it, atomically across
 * processes. A job is runnable when it is unlocked and due before
 * `nextScanAt`, or when its lock is older than `lockDeadline` (its worker
 * died). Two probes, one per case, each served by the find_and_lock index;
 * rows another transaction is locking right now are skipped, not waited on.
 */
export async function lockNextRunnableJob(
  table: JobTable,
  jobName: string,
  nextScanAt: Date,
  lockDeadline: Date,
  lockedAt: Date,
  lastModifiedBy: string | null,
): Promise<JobParameters | undefined> {
  return withLockRetry(() =>
    table.knex.transaction(
      async (trx) => {
        const candidat = await findRunnable(table, trx, jobName, nextScanAt, lockDeadline);
        if (!candidat) {
          return undefined;
        }
        await table
          .query(trx)
          .where('id', String(candidat._id))
          .update({ locked_at: lockedAt, last_modified_by: lastModifiedBy });
        return { ...candidat, lockedAt, lastModifiedBy: lastModifiedBy ?? undefined };
      },
      // READ COMMITTED: no gap locks, so concurrent inserts of new jobs never wait on a picker
      { isolationLevel: 'read committed' },
    ),
  );
}

async function findRunnable(
  table: JobTable,
  trx: Knex.Transaction,
  jobName: string,
  nextScanAt: Date,
  lockDeadline: Date,
): Promise<JobParameters | undefined> {
  const expired = await lockFirst(table, trx, (qb) => {
    qb.where({ name: jobName, disabled: false }).where('locked_at', '<=', lockDeadline);
  });
  const due = await lockFirst(table, trx, (qb) => {
    qb.where({ name: jobName, disabled: false })
      .whereNull('locked_at')
      .where('next_run_at', '<=', nextScanAt);
  });
  if (expired && due) {
    return comesFirst(expired, due) ? expired : due;
  }
  return expired ?? due;
}

async function lockFirst(
  table: JobTable,
  trx: Knex.Transaction,
  filter: RowFilter,
): Promise<JobParameters | undefined> {
  const rows: Row[] = await table
    .query(trx)
    .select('*')
    .where(filter)
    .orderBy('next_run_at', 'asc')
    .orderBy('priority', 'desc')
    .limit(1)
    .forUpdate()
    .skipLocked();
  return rows[0] ? rowToJob(rows[0]) : undefined;
}

/** Sort key used to pick between the two find-and-lock probes: next_run_at ASC (NULL first, as MySQL sorts), priority DESC. */
function comesFirst(a: JobParameters, b: JobParameters): boolean {
  const aTime = a.nextRunAt ? a.nextRunAt.getTime() : Number.NEGATIVE_INFINITY;
  const bTime = b.nextRunAt ? b.nextRunAt.getTime() : Number.NEGATIVE_INFINITY;
  if (aTime !== bTime) {
    return aTime < bTime;
  }
  return a.priority >= b.priority;
}
