/**
 * Mapping between rows of the jobs table and Agenda's JobParameters.
 *
 * Job.save() never clears processor-managed fields (lockedAt, lastRunAt,
 * lastFinishedAt, failedAt, failCount, failReason, progress) unless the caller
 * passes them: Agenda strips them from save() precisely so user code cannot
 * race the processor. Hence the split between userColumns (always written)
 * and processorColumns / providedProcessorColumns.
 */
import { computeJobState, toJobId } from 'agenda';
import type { JobId, JobParameters, JobWithState } from 'agenda';
import { parseJson, readColumn, toBoolean, toDate, toNumber, toOptionalString } from './column-values.ts';
import type { Row } from './types.ts';

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

const PROCESSOR_FIELD_COLUMNS: Record<(typeof PROCESSOR_FIELDS)[number], string> = {
  lockedAt: 'locked_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  failedAt: 'failed_at',
  failCount: 'fail_count',
  failReason: 'fail_reason',
  progress: 'progress',
};

// ---------------------------------------------------------------------------
// Row reading
// ---------------------------------------------------------------------------

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

export function rowToJob<DATA = unknown>(row: Row): JobParameters<DATA> {
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

export function withState(job: JobParameters, now: Date): JobWithState {
  return { ...job, _id: job._id as JobId, state: computeJobState(job, now) };
}

// ---------------------------------------------------------------------------
// Row writing
// ---------------------------------------------------------------------------

function toJsonText(value: unknown): string | null {
  const text = JSON.stringify(value);
  return text === undefined ? null : text;
}

export function dateOrNull(value: Date | string | undefined | null): Date | null {
  return value === undefined || value === null ? null : new Date(value);
}

/** Columns the user owns: always written on insert and update (undefined clears them). */
export function userColumns(job: JobParameters, lastModifiedBy: string | null): Row {
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
export function processorColumns(job: JobParameters): Row {
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

/** Only the processor-managed columns the caller actually set (used by updates). */
export function providedProcessorColumns(job: JobParameters): Row {
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
