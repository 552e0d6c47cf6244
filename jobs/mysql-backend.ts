/**
 * Agenda 6 storage backend on MySQL 8 / MariaDB 10.6+ through knex.
 *
 * Semantics follow the official MongoDB backend (the reference implementation)
 * and the Postgres backend (for the SQL mapping), with these deliberate choices:
 * - Locking is safe across processes: getNextJobToRun selects with
 *   `FOR UPDATE SKIP LOCKED` and sets `locked_at` in the same transaction, and
 *   lockJob is a compare-and-set UPDATE. A lock older than the lock deadline
 *   (the job definition's lockLifetime) is considered abandoned.
 * - Job.save() never clears processor-managed fields (lockedAt, lastRunAt,
 *   lastFinishedAt, failedAt, failCount, failReason, progress) unless the caller
 *   passes them: Agenda strips them from save() precisely so user code cannot
 *   race the processor.
 * - Queries work whether or not the knex instance has Objection's
 *   `knexSnakeCaseMappers()`: every identifier is lowercase snake_case (which
 *   the mapper leaves alone) and rows are read through `readColumn`, which
 *   accepts both the snake_case and the camelCase spelling of a column.
 * - Dates are DATETIME(3) in UTC; the knex connection must be configured with
 *   mysql2 `timezone: 'Z'` (verified once in connect()).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { computeJobState, toJobId } from 'agenda';
import type {
  AgendaBackend,
  JobId,
  JobLogEntry,
  JobLogger,
  JobLogQuery,
  JobLogQueryResult,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  JobsSort,
  JobState,
  JobWithState,
  LogLevel,
  JobLogEvent,
  RemoveJobsOptions,
  UniqueOpts,
} from 'agenda';
import {
  DEFAULT_JOBS_TABLE,
  DEFAULT_LOGS_TABLE,
  ensureAgendaJobsTable,
  ensureAgendaLogsTable,
} from './mysql-backend-schema.ts';

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

type Row = Record<string, unknown>;
type QueryBuilder = Knex.QueryBuilder;

/** One pool connection held for a sequence of autocommit statements (see withNamedLock). */
class PinnedConnection {
  constructor(readonly connection: unknown) {}
}

/** Where a query runs: the pool (default), a transaction, or a pinned connection. */
type QueryScope = Knex.Transaction | PinnedConnection | undefined;

/** JobParameters fields written by the job processor; see the file comment. */
const PROCESSOR_FIELDS = [
  'lockedAt',
  'lastRunAt',
  'lastFinishedAt',
  'failedAt',
  'failCount',
  'failReason',
  'progress',
] as const;

/** Sortable JobsSort keys and their columns. */
const SORT_COLUMNS: Record<keyof JobsSort, string> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
  data: 'data',
};

/** JobParameters fields that a `unique()` key may name directly, and their columns. */
const UNIQUE_FIELD_COLUMNS: Readonly<Record<string, string>> = {
  name: 'name',
  priority: 'priority',
  type: 'type',
  nextRunAt: 'next_run_at',
  lockedAt: 'locked_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  failedAt: 'failed_at',
  failCount: 'fail_count',
  failReason: 'fail_reason',
  repeatInterval: 'repeat_interval',
  repeatTimezone: 'repeat_timezone',
  repeatAt: 'repeat_at',
  disabled: 'disabled',
  progress: 'progress',
  fork: 'fork',
  lastModifiedBy: 'last_modified_by',
  startDate: 'start_date',
  endDate: 'end_date',
};

/**
 * The state Agenda's computeJobState() derives, as SQL, so that state filters
 * and overview counts run in the database. Keep in sync with computeJobState
 * (the test suite checks both agree). Bindings: [now, now].
 */
const STATE_SQL = `CASE
	WHEN locked_at IS NOT NULL THEN 'running'
	WHEN failed_at IS NOT NULL AND (last_finished_at IS NULL OR failed_at >= last_finished_at) THEN 'failed'
	WHEN repeat_interval IS NOT NULL AND repeat_interval NOT IN ('', '0') THEN 'repeating'
	WHEN next_run_at > ? THEN 'scheduled'
	WHEN next_run_at <= ? THEN 'queued'
	ELSE 'completed'
END`;

const JOB_STATES: readonly JobState[] = [
  'running',
  'scheduled',
  'queued',
  'completed',
  'failed',
  'repeating',
  'paused',
];

// ---------------------------------------------------------------------------
// Row reading (tolerant of snake_case and camelCase keys)
// ---------------------------------------------------------------------------

function snakeToCamel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
}

/** Read a column whether or not a snake->camel response mapper renamed it. */
function readColumn(row: Row, column: string): unknown {
  if (column in row) {
    return row[column];
  }
  return row[snakeToCamel(column)];
}

/** DATETIME values come back as Date (mysql2 default) or as a UTC string (`dateStrings`). */
function toDate(value: unknown): Date | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  if (value instanceof Date) {
    return value;
  }
  if (typeof value === 'string') {
    return new Date(`${value.replace(' ', 'T')}Z`);
  }
  throw new TypeError(`unexpected date value from database: ${String(value)}`);
}

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  return typeof value === 'number' ? value : Number(value);
}

function toOptionalString(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

/** TINYINT(1) arrives as 0/1 (or as a boolean with custom typeCast). */
function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

function parseJson(value: unknown): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  // LONGTEXT always arrives as a string; anything else was already decoded by the driver
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** Agenda treats a purely numeric repeatInterval as milliseconds: give back the number it was saved as. */
function toRepeatInterval(value: unknown): string | number | undefined {
  const text = toOptionalString(value);
  if (text === undefined) {
    return undefined;
  }
  return /^\d+$/.test(text) ? Number(text) : text;
}

function toSkipDays(value: unknown): number[] | undefined {
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? parsed.map(Number) : undefined;
}

function rowToJob<DATA = unknown>(row: Row): JobParameters<DATA> {
  const type = readColumn(row, 'type') === 'single' ? 'single' : 'normal';
  return {
    _id: toJobId(String(readColumn(row, 'id'))),
    name: String(readColumn(row, 'name')),
    priority: toNumber(readColumn(row, 'priority')) ?? 0,
    nextRunAt: toDate(readColumn(row, 'next_run_at')) ?? null,
    type,
    data: parseJson(readColumn(row, 'data')) as DATA,
    lockedAt: toDate(readColumn(row, 'locked_at')),
    lastRunAt: toDate(readColumn(row, 'last_run_at')),
    lastFinishedAt: toDate(readColumn(row, 'last_finished_at')),
    failedAt: toDate(readColumn(row, 'failed_at')),
    failCount: toNumber(readColumn(row, 'fail_count')),
    failReason: toOptionalString(readColumn(row, 'fail_reason')),
    repeatInterval: toRepeatInterval(readColumn(row, 'repeat_interval')),
    repeatTimezone: toOptionalString(readColumn(row, 'repeat_timezone')),
    repeatAt: toOptionalString(readColumn(row, 'repeat_at')),
    startDate: toDate(readColumn(row, 'start_date')),
    endDate: toDate(readColumn(row, 'end_date')),
    skipDays: toSkipDays(readColumn(row, 'skip_days')),
    disabled: toBoolean(readColumn(row, 'disabled')),
    progress: toNumber(readColumn(row, 'progress')),
    fork: toBoolean(readColumn(row, 'fork')),
    lastModifiedBy: toOptionalString(readColumn(row, 'last_modified_by')),
    debounceStartedAt: toDate(readColumn(row, 'debounce_started_at')),
  };
}

function withState(job: JobParameters, now: Date): JobWithState {
  return { ...job, _id: job._id as JobId, state: computeJobState(job, now) };
}

// ---------------------------------------------------------------------------
// Row writing
// ---------------------------------------------------------------------------

function toJsonText(value: unknown): string | null {
  const text = JSON.stringify(value);
  return text === undefined ? null : text;
}

function dateOrNull(value: Date | string | undefined | null): Date | null {
  return value === undefined || value === null ? null : new Date(value);
}

/** Columns the user owns: always written on insert and update (undefined clears them). */
function userColumns(job: JobParameters, lastModifiedBy: string | null): Row {
  return {
    name: job.name,
    priority: job.priority ?? 0,
    next_run_at: dateOrNull(job.nextRunAt),
    type: job.type === 'single' ? 'single' : 'normal',
    repeat_interval:
      job.repeatInterval === undefined || job.repeatInterval === null ? null : String(job.repeatInterval),
    repeat_timezone: job.repeatTimezone ?? null,
    repeat_at: job.repeatAt ?? null,
    start_date: dateOrNull(job.startDate),
    end_date: dateOrNull(job.endDate),
    skip_days: job.skipDays ? JSON.stringify(job.skipDays) : null,
    data: toJsonText(job.data),
    disabled: job.disabled === true,
    fork: job.fork === true,
    last_modified_by: lastModifiedBy,
    debounce_started_at: dateOrNull(job.debounceStartedAt),
  };
}

/** Processor-managed columns, all of them (undefined -> NULL). */
function processorColumns(job: JobParameters): Row {
  return {
    locked_at: dateOrNull(job.lockedAt),
    last_run_at: dateOrNull(job.lastRunAt),
    last_finished_at: dateOrNull(job.lastFinishedAt),
    failed_at: dateOrNull(job.failedAt),
    fail_count: job.failCount ?? null,
    fail_reason: job.failReason ?? null,
    progress: job.progress ?? null,
  };
}

const PROCESSOR_FIELD_COLUMNS: Record<(typeof PROCESSOR_FIELDS)[number], string> = {
  lockedAt: 'locked_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  failedAt: 'failed_at',
  failCount: 'fail_count',
  failReason: 'fail_reason',
  progress: 'progress',
};

/** Only the processor-managed columns the caller actually set (used by updates). */
function providedProcessorColumns(job: JobParameters): Row {
  const all = processorColumns(job);
  const provided: Row = {};
  for (const field of PROCESSOR_FIELDS) {
    if (job[field] !== undefined) {
      const column = PROCESSOR_FIELD_COLUMNS[field];
      provided[column] = all[column];
    }
  }
  return provided;
}

// ---------------------------------------------------------------------------
// Misc helpers
// ---------------------------------------------------------------------------

/** Ids are BIGINT: anything that is not a positive integer cannot match a row. */
function parseId(id: unknown): string | undefined {
  const text = id === null || id === undefined ? '' : String(id);
  return /^[1-9]\d{0,19}$/.test(text) ? text : undefined;
}

function parseIds(ids: readonly unknown[]): string[] {
  return ids.map(parseId).filter((id): id is string => id !== undefined);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** LIKE escaping with '!' (not backslash, whose meaning depends on sql_mode NO_BACKSLASH_ESCAPES). */
function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (char) => `!${char}`);
}

/** `data.a.b` -> `$."a"."b"` (quoted so any key is a valid JSON path). */
function jsonPath(segments: readonly string[]): string {
  return `$${segments.map((segment) => `."${segment.replace(/["\\]/g, (char) => `\\${char}`)}"`).join('')}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Mongo query operators ($in, $gt...) have no SQL translation here: refuse rather than silently never match. */
function assertNoQueryOperators(value: unknown, key: string): void {
  if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
    throw new Error(`MysqlBackend: query operators are not supported in unique() (key "${key}")`);
  }
}

function errorNumber(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'errno' in error && typeof error.errno === 'number') {
    return error.errno;
  }
  return undefined;
}

/** ER_LOCK_DEADLOCK / ER_LOCK_WAIT_TIMEOUT: the statement can simply be retried. */
function isRetryableLockError(error: unknown): boolean {
  const errno = errorNumber(error);
  return errno === 1213 || errno === 1205;
}

async function withLockRetry<T>(operation: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= attempts || !isRetryableLockError(error)) {
        throw error;
      }
      // jitter so that two workers that deadlocked do not collide again
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** knex returns affected rows for update/delete; the snake mapper leaves numbers alone. */
function affectedRows(result: unknown): number {
  return typeof result === 'number' ? result : 0;
}

/** `knex(table).insert()` resolves to [insertId] on mysql. */
function insertedId(result: unknown): string {
  const id: unknown = Array.isArray(result) ? result[0] : result;
  const parsed = parseId(id);
  if (!parsed) {
    throw new Error(`MysqlBackend: unexpected insert result ${JSON.stringify(result)}`);
  }
  return parsed;
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

// ---------------------------------------------------------------------------
// Repository
// ---------------------------------------------------------------------------

export class MysqlJobRepository implements JobRepository {
  private readonly knex: Knex;
  private readonly tableName: string;
  private readonly ensureSchema: boolean;
  private connecting: Promise<void> | undefined;

  constructor(options: MysqlBackendOptions) {
    this.knex = options.knex;
    this.tableName = options.tableName ?? DEFAULT_JOBS_TABLE;
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
    await assertUtcConnection(this.knex);
    if (this.ensureSchema) {
      await ensureAgendaJobsTable(this.knex, this.tableName);
    }
  }

  private table(scope?: QueryScope): QueryBuilder {
    if (scope instanceof PinnedConnection) {
      return this.knex(this.tableName).connection(scope.connection);
    }
    return (scope ?? this.knex)(this.tableName);
  }

  private async selectById(id: string, scope?: QueryScope): Promise<Row | undefined> {
    const rows: Row[] = await this.table(scope).select('*').where('id', id);
    return rows[0];
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const parsed = parseId(id);
    const row = parsed ? await this.selectById(parsed) : undefined;
    return row ? rowToJob(row) : null;
  }

  // ----- querying -----

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const now = new Date();
    const filter = this.queryFilter(options, now);
    if (!filter) {
      return { jobs: [], total: 0 };
    }
    const { skip = 0, limit = 0 } = options;
    const page = this.table().select('*').where(filter);
    this.applySort(page, options.sort);
    if (limit > 0) {
      page.limit(limit);
    }
    if (skip > 0) {
      page.offset(skip);
    }
    const [rows, total]: [Row[], number] = await Promise.all([page, this.count(filter)]);
    return { jobs: rows.map((row) => withState(rowToJob(row), now)), total };
  }

  private async count(filter: (qb: QueryBuilder) => void): Promise<number> {
    const rows: Row[] = await this.table().count({ total: '*' }).where(filter);
    return Number(readColumn(rows[0] ?? {}, 'total') ?? 0);
  }

  /**
   * Build the WHERE clause of queryJobs, or undefined when the options can
   * match nothing (e.g. only malformed ids).
   */
  private queryFilter(options: JobsQueryOptions, now: Date): ((qb: QueryBuilder) => void) | undefined {
    const { name, names, state, id, ids, search, data, includeDisabled = true } = options;
    const parsedIds = id ? parseIds([id]) : ids && ids.length > 0 ? parseIds(ids) : undefined;
    if (parsedIds && parsedIds.length === 0) {
      return undefined;
    }
    if (state !== undefined && !JOB_STATES.includes(state)) {
      return undefined;
    }
    return (qb) => {
      if (typeof name === 'string' && name) {
        qb.where('name', name);
      } else if (isStringArray(names) && names.length > 0) {
        qb.whereIn('name', names);
      }
      if (parsedIds) {
        qb.whereIn('id', parsedIds);
      }
      if (typeof search === 'string' && search) {
        // name has a binary collation: lower both sides for a case-insensitive search like Mongo's /i
        qb.whereRaw("LOWER(name) LIKE LOWER(?) ESCAPE '!'", [`%${escapeLike(search)}%`]);
      }
      if (data !== undefined) {
        applyDataFilter(qb, data);
      }
      if (!includeDisabled) {
        qb.where('disabled', false);
      }
      if (state === 'paused') {
        qb.where('disabled', true);
      } else if (state) {
        qb.whereRaw(`(${STATE_SQL}) = ?`, [now, now, state]);
      }
    };
  }

  private applySort(qb: QueryBuilder, sort: JobsSort | undefined): void {
    const entries = Object.entries(sort ?? {}).filter(
      (entry): entry is [keyof JobsSort, 'asc' | 'desc'] =>
        Object.hasOwn(SORT_COLUMNS, entry[0]) && (entry[1] === 'asc' || entry[1] === 'desc'),
    );
    if (entries.length === 0) {
      // Mongo backend default: most recent schedule first
      qb.orderBy('next_run_at', 'desc').orderBy('last_run_at', 'desc');
    }
    for (const [key, direction] of entries) {
      qb.orderBy(SORT_COLUMNS[key], direction);
    }
    // stable pagination
    qb.orderBy('id', 'asc');
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const now = new Date();
    const counts = ['running', 'scheduled', 'queued', 'completed', 'failed', 'repeating'] as const;
    const stateColumns = counts.map(
      (state) => `SUM(CASE WHEN state = '${state}' THEN 1 ELSE 0 END) AS ${state}`,
    );
    const result: unknown = await this.knex.raw(
      `SELECT name, COUNT(*) AS total, ${stateColumns.join(', ')}, SUM(CASE WHEN disabled THEN 1 ELSE 0 END) AS paused
			 FROM (SELECT name, disabled, ${STATE_SQL} AS state FROM ??) AS jobs
			 GROUP BY name ORDER BY name`,
      [now, now, this.tableName],
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

  async getDistinctJobNames(): Promise<string[]> {
    const rows: Row[] = await this.table().distinct('name').orderBy('name');
    return rows.map((row) => String(readColumn(row, 'name')));
  }

  async getQueueSize(): Promise<number> {
    return this.count((qb) => qb.where('next_run_at', '<', new Date()));
  }

  // ----- bulk operations -----

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = bulkFilter(options);
    if (!filter) {
      return 0;
    }
    return affectedRows(await this.table().where(filter).delete());
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
    const result: unknown = await this.table()
      .where(filter)
      .where('disabled', !disabled)
      .update({ disabled });
    return affectedRows(result);
  }

  async purgeAllJobs(): Promise<number> {
    return affectedRows(await this.table().delete());
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
      return this.upsertSingleJob(job, lastModifiedBy);
    }
    if (job.unique) {
      return this.upsertUniqueJob(job, job.unique, job.uniqueOpts, lastModifiedBy);
    }
    return this.insertJob(job, lastModifiedBy);
  }

  private async insertJob<DATA>(
    job: JobParameters<DATA>,
    lastModifiedBy: string | null,
    scope?: QueryScope,
  ): Promise<JobParameters<DATA>> {
    const columns = { ...userColumns(job, lastModifiedBy), ...processorColumns(job) };
    const id = insertedId(await this.table(scope).insert(columns));
    // what we wrote is what a read would return: skip the round trip
    return rowToJob<DATA>({ ...columns, id });
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
    await this.table()
      .where({ id, name: job.name })
      .update({ ...userColumns(job, lastModifiedBy), ...providedProcessorColumns(job) });
    const row = await this.selectById(id);
    return row && readColumn(row, 'name') === job.name ? rowToJob<DATA>(row) : job;
  }

  /**
   * Jobs of type 'single' (every()) exist once per name: atomic upsert on the
   * unique `single_name` key. A nextRunAt that is already due is "protected":
   * an existing job keeps its own nextRunAt, so restarting an app that calls
   * every() does not re-run (or postpone) the job (Mongo's $setOnInsert).
   */
  private async upsertSingleJob<DATA>(
    job: JobParameters<DATA>,
    lastModifiedBy: string | null,
  ): Promise<JobParameters<DATA>> {
    const insert = { ...userColumns(job, lastModifiedBy), ...processorColumns(job) };
    const protectNextRunAt =
      job.nextRunAt !== null && job.nextRunAt !== undefined && new Date(job.nextRunAt) <= new Date();
    const merged = Object.keys(userColumns(job, lastModifiedBy)).filter(
      (column) => column !== 'name' && !(protectNextRunAt && column === 'next_run_at'),
    );
    await withLockRetry(() => this.table().insert(insert).onConflict('single_name').merge(merged));
    const rows: Row[] = await this.table().select('*').where('single_name', job.name);
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
  private async upsertUniqueJob<DATA>(
    job: JobParameters<DATA>,
    unique: Record<string, unknown>,
    uniqueOpts: UniqueOpts | undefined,
    lastModifiedBy: string | null,
  ): Promise<JobParameters<DATA>> {
    for (const [key, value] of Object.entries(unique)) {
      assertNoQueryOperators(value, key);
    }
    return withNamedLock(this.knex, namedLockKey(this.tableName, job.name), async (pinned) => {
      const rows: Row[] = await this.table(pinned)
        .select('*')
        .where('name', job.name)
        .where((qb) => applyUniqueFilter(qb, unique))
        .orderBy('id')
        .limit(1);
      const existing = rows[0] ? rowToJob(rows[0]) : undefined;
      const now = new Date();
      if (!existing) {
        return this.insertJob(applyDebounceToNewJob(job, uniqueOpts, now), lastModifiedBy, pinned);
      }
      if (uniqueOpts?.insertOnly && !uniqueOpts.debounce) {
        return existing as JobParameters<DATA>;
      }
      const updated = applyDebounceToExistingJob(job, existing, uniqueOpts, now);
      const id = String(existing._id);
      await this.table(pinned).where('id', id).update(userColumns(updated, lastModifiedBy));
      const row = await this.selectById(id, pinned);
      return row ? rowToJob<DATA>(row) : updated;
    });
  }

  /** Persist what the job processor tracks while running a job. */
  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    const id = parseId(job._id);
    if (!id) {
      throw new Error('Cannot save job state without job ID');
    }
    const result: unknown = await this.table()
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
    const rows: Row[] = await this.table().select('id').where({ id, name }).limit(1);
    return rows.length > 0;
  }

  // ----- locking -----

  /** Compare-and-set: lock the job only if it is still unlocked and unchanged. */
  async lockJob(
    job: JobParameters,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const id = parseId(job._id);
    if (!id) {
      return undefined;
    }
    const lockedAt = new Date();
    const query = this.table().where({ id, name: job.name, disabled: false }).whereNull('locked_at');
    if (job.nextRunAt) {
      query.where('next_run_at', new Date(job.nextRunAt));
    } else {
      query.whereNull('next_run_at');
    }
    const result: unknown = await query.update({
      locked_at: lockedAt,
      last_modified_by: options?.lastModifiedBy ?? null,
    });
    if (affectedRows(result) !== 1) {
      return undefined;
    }
    const row = await this.selectById(id);
    return row ? rowToJob(row) : undefined;
  }

  /** Release a lock, unless the job is running (nextRunAt null means run() already started it). */
  async unlockJob(job: JobParameters): Promise<void> {
    const id = parseId(job._id);
    if (!id) {
      return;
    }
    await this.table().where('id', id).whereNotNull('next_run_at').update({ locked_at: null });
  }

  /** Used by agenda.stop(): release every lock this worker holds, running or not. */
  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    const ids = parseIds(jobIds);
    if (ids.length === 0) {
      return;
    }
    await this.table().whereIn('id', ids).update({ locked_at: null });
  }

  /**
   * Find the next runnable job of this name and lock it, atomically across
   * processes. A job is runnable when it is unlocked and due before
   * `nextScanAt`, or when its lock is older than `lockDeadline` (its worker
   * died). Two probes, one per case, each served by the find_and_lock index;
   * rows another transaction is locking right now are skipped, not waited on.
   */
  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const lockedAt = now ?? new Date();
    const lastModifiedBy = options?.lastModifiedBy ?? null;
    return withLockRetry(() =>
      this.knex.transaction(
        async (trx) => {
          const candidate = await this.findRunnable(trx, jobName, nextScanAt, lockDeadline);
          if (!candidate) {
            return undefined;
          }
          await this.table(trx)
            .where('id', String(candidate._id))
            .update({ locked_at: lockedAt, last_modified_by: lastModifiedBy });
          return { ...candidate, lockedAt, lastModifiedBy: lastModifiedBy ?? undefined };
        },
        // READ COMMITTED: no gap locks, so concurrent inserts of new jobs never wait on a picker
        { isolationLevel: 'read committed' },
      ),
    );
  }

  private async findRunnable(
    trx: Knex.Transaction,
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
  ): Promise<JobParameters | undefined> {
    const expired = await this.lockFirst(trx, (qb) =>
      qb.where({ name: jobName, disabled: false }).where('locked_at', '<=', lockDeadline),
    );
    const due = await this.lockFirst(trx, (qb) =>
      qb
        .where({ name: jobName, disabled: false })
        .whereNull('locked_at')
        .where('next_run_at', '<=', nextScanAt),
    );
    if (expired && due) {
      return comesFirst(expired, due) ? expired : due;
    }
    return expired ?? due;
  }

  private async lockFirst(
    trx: Knex.Transaction,
    filter: (qb: QueryBuilder) => void,
  ): Promise<JobParameters | undefined> {
    const rows: Row[] = await this.table(trx)
      .select('*')
      .where(filter)
      .orderBy('next_run_at', 'asc')
      .orderBy('priority', 'desc')
      .limit(1)
      .forUpdate()
      .skipLocked();
    return rows[0] ? rowToJob(rows[0]) : undefined;
  }
}

// ---------------------------------------------------------------------------
// Filters shared by the repository methods
// ---------------------------------------------------------------------------

/**
 * Match job data like the Mongo backend: an object filter matches partially
 * (every given key, recursively), anything else must be equal. JSON_CONTAINS
 * has exactly the partial-object semantics; for arrays it means "contains".
 */
function applyDataFilter(qb: QueryBuilder, data: unknown): void {
  qb.whereRaw('JSON_CONTAINS(data, ?)', [JSON.stringify(data ?? null)]);
}

/** WHERE clause for RemoveJobsOptions; undefined when no criterion is given (then nothing is touched). */
function bulkFilter(options: RemoveJobsOptions): ((qb: QueryBuilder) => void) | undefined {
  const clauses: ((qb: QueryBuilder) => void)[] = [];
  if (options.id) {
    const ids = parseIds([options.id]);
    clauses.push((qb) => (ids.length > 0 ? qb.whereIn('id', ids) : qb.whereRaw('1 = 0')));
  } else if (options.ids && options.ids.length > 0) {
    const ids = parseIds(options.ids);
    clauses.push((qb) => (ids.length > 0 ? qb.whereIn('id', ids) : qb.whereRaw('1 = 0')));
  }
  if (typeof options.name === 'string' && options.name) {
    const name = options.name;
    clauses.push((qb) => qb.where('name', name));
  } else if (isStringArray(options.names) && options.names.length > 0) {
    const names = options.names;
    clauses.push((qb) => qb.whereIn('name', names));
  } else if (isStringArray(options.notNames) && options.notNames.length > 0) {
    const notNames = options.notNames;
    clauses.push((qb) => qb.whereNotIn('name', notNames));
  }
  if (options.data !== undefined) {
    const data = options.data;
    clauses.push((qb) => applyDataFilter(qb, data));
  }
  if (clauses.length === 0) {
    return undefined;
  }
  return (qb) => {
    for (const clause of clauses) {
      clause(qb);
    }
  };
}

/**
 * Translate a unique() key ({ 'data.userId': 42, name: 'x' }) to SQL.
 * `data.<path>` keys compare a JSON value (type-sensitive, as in Mongo: 42 is
 * not "42"); other keys must name a JobParameters field.
 */
function applyUniqueFilter(qb: QueryBuilder, unique: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(unique)) {
    if (key === 'data') {
      // whole-document equality: each contains the other
      const json = JSON.stringify(value ?? null);
      qb.whereRaw('JSON_CONTAINS(data, ?) AND JSON_CONTAINS(?, data)', [json, json]);
    } else if (key.startsWith('data.')) {
      applyDataPathFilter(qb, jsonPath(key.slice('data.'.length).split('.')), value);
    } else {
      applyColumnFilter(qb, key, value);
    }
  }
}

function applyDataPathFilter(qb: QueryBuilder, path: string, value: unknown): void {
  if (value === null || value === undefined) {
    // Mongo: { field: null } matches a missing field or an explicit null
    qb.where((inner) =>
      inner
        .whereRaw('JSON_EXTRACT(data, ?) IS NULL', [path])
        .orWhereRaw("JSON_CONTAINS(data, 'null', ?)", [path]),
    );
    return;
  }
  qb.whereRaw('JSON_CONTAINS(data, ?, ?)', [JSON.stringify(value), path]);
}

function applyColumnFilter(qb: QueryBuilder, field: string, value: unknown): void {
  // own keys only: 'constructor' or 'toString' must not resolve to Object.prototype members
  const column = Object.hasOwn(UNIQUE_FIELD_COLUMNS, field) ? UNIQUE_FIELD_COLUMNS[field] : undefined;
  if (!column) {
    throw new Error(`MysqlBackend: unique() key "${field}" is not a job field or a data.<path>`);
  }
  if (value === null || value === undefined) {
    qb.whereNull(column);
  } else if (value instanceof Date || ['string', 'number', 'boolean'].includes(typeof value)) {
    qb.where(column, value as string | number | boolean | Date);
  } else {
    throw new Error(`MysqlBackend: unique() key "${field}" must be a scalar or a Date`);
  }
}

// ---------------------------------------------------------------------------
// Debounce (same rules as the Mongo backend)
// ---------------------------------------------------------------------------

/** A new debounced job: trailing waits `delay`, leading runs at its own nextRunAt. */
function applyDebounceToNewJob<DATA>(
  job: JobParameters<DATA>,
  uniqueOpts: UniqueOpts | undefined,
  now: Date,
): JobParameters<DATA> {
  const debounce = uniqueOpts?.debounce;
  if (!debounce) {
    return job;
  }
  if (debounce.strategy === 'leading') {
    return { ...job, debounceStartedAt: now };
  }
  return { ...job, nextRunAt: new Date(now.getTime() + debounce.delay), debounceStartedAt: now };
}

/**
 * A save hitting an existing debounced job. Leading keeps the existing
 * nextRunAt; trailing pushes it to now + delay, unless maxWait has elapsed
 * since the debounce window opened, in which case it runs now and the window
 * resets. Without debounce the new values simply replace the old ones.
 */
function applyDebounceToExistingJob<DATA>(
  job: JobParameters<DATA>,
  existing: JobParameters,
  uniqueOpts: UniqueOpts | undefined,
  now: Date,
): JobParameters<DATA> {
  const debounce = uniqueOpts?.debounce;
  if (!debounce) {
    return job;
  }
  const startedAt = existing.debounceStartedAt ?? now;
  if (debounce.strategy === 'leading') {
    return { ...job, nextRunAt: existing.nextRunAt, debounceStartedAt: startedAt };
  }
  if (debounce.maxWait && now.getTime() - startedAt.getTime() >= debounce.maxWait) {
    return { ...job, nextRunAt: now, debounceStartedAt: undefined };
  }
  return { ...job, nextRunAt: new Date(now.getTime() + debounce.delay), debounceStartedAt: startedAt };
}

// ---------------------------------------------------------------------------
// Connection-level helpers
// ---------------------------------------------------------------------------

/** MySQL named locks are limited to 64 characters: hash the table and job name. */
function namedLockKey(tableName: string, jobName: string): string {
  return `agenda:${createHash('sha1').update(`${tableName}\0${jobName}`).digest('hex')}`;
}

/**
 * Run `work` while holding a MySQL named lock. Named locks belong to a
 * connection, so one pool connection is pinned for the duration. Deliberately
 * no transaction: RELEASE_LOCK would run before COMMIT, and a second process
 * could take the lock and miss the first one's still uncommitted insert.
 */
async function withNamedLock<T>(
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

/** Rows of a `knex.raw` SELECT on mysql2: the response is [rows, fields]. */
function rawRows(result: unknown): Row[] {
  const rows: unknown = Array.isArray(result) ? result[0] : undefined;
  return Array.isArray(rows) ? rows.filter(isPlainObjectRow) : [];
}

function isPlainObjectRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null;
}

/**
 * Dates must round-trip as UTC. With mysql2's default `timezone: 'local'` on a
 * non-UTC host, DATETIME values would be written and read in local time and
 * the lock/schedule arithmetic against other processes would drift by the UTC
 * offset: fail loudly at startup instead.
 */
async function assertUtcConnection(knex: Knex): Promise<void> {
  const probe = new Date(Date.UTC(2000, 0, 2, 3, 4, 5, 678));
  const rows = rawRows(
    await knex.raw(
      "SELECT CAST(? AS DATETIME(3)) AS probe_value, DATE_FORMAT(CAST(? AS DATETIME(3)), '%Y-%m-%d %H:%i:%s.%f') AS probe_text",
      [probe, probe],
    ),
  );
  const row = rows[0] ?? {};
  const written = String(readColumn(row, 'probe_text'));
  const read = toDate(readColumn(row, 'probe_value'));
  if (!written.startsWith('2000-01-02 03:04:05.678') || read?.getTime() !== probe.getTime()) {
    throw new Error(
      "MysqlBackend: dates do not round-trip as UTC; create the knex mysql2 connection with timezone: 'Z'",
    );
  }
}

// ---------------------------------------------------------------------------
// Job event logger
// ---------------------------------------------------------------------------

/** Stores Agenda's job lifecycle events (enabled with `new Agenda({ logging: true })`). */
export class MysqlJobLogger implements JobLogger {
  private readonly knex: Knex;
  private readonly tableName: string;
  private readonly ensureSchema: boolean;
  private ready: Promise<void> | undefined;

  constructor(options: { knex: Knex; tableName?: string; ensureSchema?: boolean }) {
    this.knex = options.knex;
    this.tableName = options.tableName ?? DEFAULT_LOGS_TABLE;
    this.ensureSchema = options.ensureSchema ?? false;
  }

  /** The table is only created on first use, and only with ensureSchema (migrations create it otherwise). */
  private initialize(): Promise<void> {
    if (!this.ensureSchema) {
      return Promise.resolve();
    }
    this.ready ??= ensureAgendaLogsTable(this.knex, this.tableName).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async log(entry: Omit<JobLogEntry, '_id'>): Promise<void> {
    await this.initialize();
    await this.knex(this.tableName).insert({
      timestamp: new Date(entry.timestamp),
      level: entry.level,
      event: entry.event,
      job_id: entry.jobId ?? null,
      job_name: entry.jobName,
      message: entry.message,
      duration: entry.duration ?? null,
      error: entry.error ?? null,
      fail_count: entry.failCount ?? null,
      retry_delay: entry.retryDelay ?? null,
      retry_attempt: entry.retryAttempt ?? null,
      agenda_name: entry.agendaName ?? null,
      meta: entry.meta ? JSON.stringify(entry.meta) : null,
    });
  }

  async getLogs(query?: JobLogQuery): Promise<JobLogQueryResult> {
    await this.initialize();
    const filter = (qb: QueryBuilder) => applyLogFilter(qb, query);
    const direction = query?.sort === 'asc' ? 'asc' : 'desc';
    const [rows, counted]: [Row[], Row[]] = await Promise.all([
      this.knex(this.tableName)
        .select('*')
        .where(filter)
        .orderBy('timestamp', direction)
        .orderBy('id', direction)
        .limit(query?.limit ?? 50)
        .offset(query?.offset ?? 0),
      this.knex(this.tableName).count({ total: '*' }).where(filter),
    ]);
    return { entries: rows.map(rowToLogEntry), total: Number(readColumn(counted[0] ?? {}, 'total') ?? 0) };
  }

  async clearLogs(query?: JobLogQuery): Promise<number> {
    await this.initialize();
    return affectedRows(
      await this.knex(this.tableName)
        .where((qb) => applyLogFilter(qb, query))
        .delete(),
    );
  }
}

function applyLogFilter(qb: QueryBuilder, query: JobLogQuery | undefined): void {
  if (!query) {
    return;
  }
  if (query.jobId) {
    qb.where('job_id', query.jobId);
  }
  if (query.jobName) {
    qb.where('job_name', query.jobName);
  }
  if (query.level) {
    qb.whereIn('level', Array.isArray(query.level) ? query.level : [query.level]);
  }
  if (query.event) {
    qb.whereIn('event', Array.isArray(query.event) ? query.event : [query.event]);
  }
  if (query.from) {
    qb.where('timestamp', '>=', new Date(query.from));
  }
  if (query.to) {
    qb.where('timestamp', '<=', new Date(query.to));
  }
}

function rowToLogEntry(row: Row): JobLogEntry {
  const meta = parseJson(readColumn(row, 'meta'));
  return {
    _id: String(readColumn(row, 'id')),
    timestamp: toDate(readColumn(row, 'timestamp')) ?? new Date(0),
    level: String(readColumn(row, 'level')) as LogLevel,
    event: String(readColumn(row, 'event')) as JobLogEvent,
    jobId: toOptionalString(readColumn(row, 'job_id')),
    jobName: String(readColumn(row, 'job_name')),
    message: String(readColumn(row, 'message')),
    duration: toNumber(readColumn(row, 'duration')),
    error: toOptionalString(readColumn(row, 'error')),
    failCount: toNumber(readColumn(row, 'fail_count')),
    retryDelay: toNumber(readColumn(row, 'retry_delay')),
    retryAttempt: toNumber(readColumn(row, 'retry_attempt')),
    agendaName: toOptionalString(readColumn(row, 'agenda_name')),
    meta: isPlainObject(meta) ? meta : undefined,
  };
}

// ---------------------------------------------------------------------------
// Backend
// ---------------------------------------------------------------------------

/**
 * Agenda backend on MySQL/MariaDB. Polling only (no notification channel).
 *
 * @example
 * const agenda = new Agenda({ backend: new MysqlBackend({ knex }), processEvery: '5 seconds' });
 */
export class MysqlBackend implements AgendaBackend {
  readonly name = 'MySQL';
  readonly repository: MysqlJobRepository;
  readonly logger: MysqlJobLogger;
  readonly notificationChannel = undefined;
  /** The knex instance belongs to the application: agenda.stop() must not destroy it. */
  readonly ownsConnection = false;

  constructor(options: MysqlBackendOptions) {
    this.repository = new MysqlJobRepository(options);
    this.logger = new MysqlJobLogger({
      knex: options.knex,
      tableName: options.logTableName,
      ensureSchema: options.ensureSchema,
    });
  }

  connect(): Promise<void> {
    return this.repository.connect();
  }

  async disconnect(): Promise<void> {
    // nothing to close: the knex pool is the application's
  }
}
