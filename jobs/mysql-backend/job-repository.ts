/** Agenda's JobRepository on the jobs table: queries, bulk operations, saving and locking. */
import type {
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  RemoveJobsOptions,
} from 'agenda';
import { DEFAULT_JOBS_TABLE, ensureAgendaJobsTable } from '../mysql-backend-schema.ts';
import { readColumn } from './column-values.ts';
import { applySort, bulkFilter, queryFilter } from './job-filters.ts';
import { parseId, parseIds } from './job-ids.ts';
import { lockJobIfUnchanged, lockNextRunnableJob } from './job-locking.ts';
import {
  dateOrNull,
  processorColumns,
  providedProcessorColumns,
  rowToJob,
  userColumns,
  withState,
} from './job-rows.ts';
import { selectJobsOverview } from './job-state-sql.ts';
import { JobTable } from './job-table.ts';
import { upsertSingleJob, upsertUniqueJob } from './job-upserts.ts';
import { affectedRows } from './query-results.ts';
import type { MysqlBackendOptions, Row } from './types.ts';
import { assertUtcConnection } from './utc-connection.ts';

export class MysqlJobRepository implements JobRepository {
  private readonly table: JobTable;
  private readonly ensureSchema: boolean;
  private connecting: Promise<void> | undefined;

  constructor(options: MysqlBackendOptions) {
    this.table = new JobTable(options.knex, options.tableName ?? DEFAULT_JOBS_TABLE);
    this.ensureSchema = options.ensureSchema ?? false;
  }

  /** Idempotent: both the backend and Agenda may call it, possibly concurrently. */
  connect(): Promise<void> {
    this.connecting ??= this.initialize().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private async initialize(): Promise<void> {
    await assertUtcConnection(this.table.knex);
    if (this.ensureSchema) {
      await ensureAgendaJobsTable(this.table.knex, this.table.name);
    }
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const parsed = parseId(id);
    const row = parsed ? await this.table.selectById(parsed) : undefined;
    return row ? rowToJob(row) : null;
  }

  // ----- querying -----

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const now = new Date();
    const filter = queryFilter(options, now);
    if (!filter) {
      return { jobs: [], total: 0 };
    }
    const { skip = 0, limit = 0 } = options;
    const page = this.table.query().select('*').where(filter);
    applySort(page, options.sort);
    if (limit > 0) {
      page.limit(limit);
    }
    if (skip > 0) {
      page.offset(skip);
    }
    const [rows, total]: [Row[], number] = await Promise.all([page, this.table.count(filter)]);
    return { jobs: rows.map((row) => withState(rowToJob(row), now)), total };
  }

  getJobsOverview(): Promise<JobsOverview[]> {
    return selectJobsOverview(this.table.knex, this.table.name);
  }

  async getDistinctJobNames(): Promise<string[]> {
    const rows: Row[] = await this.table.query().distinct('name').orderBy('name');
    return rows.map((row) => String(readColumn(row, 'name')));
  }

  async getQueueSize(): Promise<number> {
    return this.table.count((qb) => {
      qb.where('next_run_at', '<', new Date());
    });
  }

  // ----- bulk operations -----

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = bulkFilter(options);
    if (!filter) {
      return 0;
    }
    return affectedRows(await this.table.query().where(filter).delete());
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, true);
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, false);
  }

  /** Counts only the jobs whose flag actually changes, like Mongo's modifiedCount. */
  private async setDisabled(options: RemoveJobsOptions, disabled: boolean): Promise<number> {
    const filter = bulkFilter(options);
    if (!filter) {
      return 0;
    }
    const result: unknown = await this.table
      .query()
      .where(filter)
      .where('disabled', !disabled)
      .update({ disabled });
    return affectedRows(result);
  }

  async purgeAllJobs(): Promise<number> {
    return affectedRows(await this.table.query().delete());
  }

  // ----- saving -----

  async saveJob<DATA = unknown>(
    job: JobParameters<DATA>,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters<DATA>> {
    const lastModifiedBy = options?.lastModifiedBy ?? null;
    if (job._id) {
      return this.updateJob(job, lastModifiedBy);
    }
    if (job.type === 'single') {
      return upsertSingleJob(this.table, job, lastModifiedBy);
    }
    if (job.unique) {
      return upsertUniqueJob(this.table, job, job.unique, job.uniqueOpts, lastModifiedBy);
    }
    return this.table.insert(job, lastModifiedBy);
  }

  /** Update by id; a job deleted meanwhile is returned unchanged (as the Mongo backend does). */
  private async updateJob<DATA>(
    job: JobParameters<DATA>,
    lastModifiedBy: string | null,
  ): Promise<JobParameters<DATA>> {
    const id = parseId(job._id);
    if (!id) {
      return job;
    }
    await this.table
      .query()
      .where({ id, name: job.name })
      .update({ ...userColumns(job, lastModifiedBy), ...providedProcessorColumns(job) });
    const row = await this.table.selectById(id);
    return row && readColumn(row, 'name') === job.name ? rowToJob<DATA>(row) : job;
  }

  /** Persist what the job processor tracks while running a job. */
  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    const id = parseId(job._id);
    if (!id) {
      throw new Error('Cannot save job state without job ID');
    }
    const result: unknown = await this.table
      .query()
      .where({ id, name: job.name })
      .update({
        ...processorColumns(job),
        next_run_at: dateOrNull(job.nextRunAt),
        last_modified_by: options?.lastModifiedBy ?? null,
      });
    // without CLIENT_FOUND_ROWS an unchanged row reports 0 affected rows: check it really is gone
    if (affectedRows(result) === 0 && !(await this.exists(id, job.name))) {
      throw new Error(
        `job ${id} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`,
      );
    }
  }

  private async exists(id: string, name: string): Promise<boolean> {
    const rows: Row[] = await this.table.query().select('id').where({ id, name }).limit(1);
    return rows.length > 0;
  }

  // ----- locking (see job-locking.ts) -----

  async lockJob(
    job: JobParameters,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    return lockJobIfUnchanged(this.table, job, options?.lastModifiedBy ?? null);
  }

  /** Release a lock, unless the job is running (nextRunAt null means run() already started it). */
  async unlockJob(job: JobParameters): Promise<void> {
    const id = parseId(job._id);
    if (!id) {
      return;
    }
    await this.table.query().where('id', id).whereNotNull('next_run_at').update({ locked_at: null });
  }

  /** Used by agenda.stop(): release every lock this worker holds, running or not. */
  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    const ids = parseIds(jobIds);
    if (ids.length === 0) {
      return;
    }
    await this.table.query().whereIn('id', ids).update({ locked_at: null });
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const lockedAt = now ?? new Date();
    const lastModifiedBy = options?.lastModifiedBy ?? null;
    return lockNextRunnableJob(this.table, jobName, nextScanAt, lockDeadline, lockedAt, lastModifiedBy);
  }
}
