/** WHERE and ORDER BY clauses for queryJobs and the bulk operations (remove, enable, disable). */
import type { JobsQueryOptions, JobsSort, RemoveJobsOptions } from 'agenda';
import { parseIds } from './job-ids.ts';
import { JOB_STATES, whereState } from './job-state-sql.ts';
import type { QueryBuilder, RowFilter } from './types.ts';

/** Sortable JobsSort keys and their columns. */
const SORT_COLUMNS: Record<keyof JobsSort, string> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
  data: 'data',
};

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** LIKE escaping with '!' (not backslash, whose meaning depends on sql_mode NO_BACKSLASH_ESCAPES). */
function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (char) => `!${char}`);
}

/**
 * Match job data like the Mongo backend: an object filter matches partially
 * (every given key, recursively), anything else must be equal. JSON_CONTAINS
 * has exactly the partial-object semantics; for arrays it means "contains".
 */
function applyDataFilter(qb: QueryBuilder, data: unknown): void {
  qb.whereRaw('JSON_CONTAINS(data, ?)', [JSON.stringify(data ?? null)]);
}

/**
 * Build the WHERE clause of queryJobs, or undefined when the options can
 * match nothing (e.g. only malformed ids).
 */
export function queryFilter(options: JobsQueryOptions, now: Date): RowFilter | undefined {
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
      whereState(qb, state, now);
    }
  };
}

export function applySort(qb: QueryBuilder, sort: JobsSort | undefined): void {
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

/** Ids that parse to none match nothing, not everything. */
function whereIdIn(qb: QueryBuilder, ids: string[]): void {
  if (ids.length > 0) qb.whereIn('id', ids);
  else qb.whereRaw('1 = 0');
}

/** WHERE clause for RemoveJobsOptions; undefined when no criterion is given (then nothing is touched). */
export function bulkFilter(options: RemoveJobsOptions): RowFilter | undefined {
  const clauses: RowFilter[] = [];
  if (options.id) {
    const ids = parseIds([options.id]);
    clauses.push((qb) => whereIdIn(qb, ids));
  } else if (options.ids && options.ids.length > 0) {
    const ids = parseIds(options.ids);
    clauses.push((qb) => whereIdIn(qb, ids));
  }
  if (typeof options.name === 'string' && options.name) {
    const name = options.name;
    clauses.push((qb) => {
      qb.where('name', name);
    });
  } else if (isStringArray(options.names) && options.names.length > 0) {
    const names = options.names;
    clauses.push((qb) => {
      qb.whereIn('name', names);
    });
  } else if (isStringArray(options.notNames) && options.notNames.length > 0) {
    const notNames = options.notNames;
    clauses.push((qb) => {
      qb.whereNotIn('name', notNames);
    });
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
