/** Translation of a unique() key ({ 'data.userId': 42, name: 'x' }) to SQL. */
import { isPlainObject } from './column-values.ts';
import type { QueryBuilder } from './types.ts';

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

/** `data.a.b` -> `$."a"."b"` (quoted so any key is a valid JSON path). */
function jsonPath(segments: readonly string[]): string {
  return `$${segments.map((segment) => `."${segment.replace(/["\\]/g, (char) => `\\${char}`)}"`).join('')}`;
}

/** Mongo query operators ($in, $gt...) have no SQL translation here: refuse rather than silently never match. */
export function assertNoQueryOperators(value: unknown, key: string): void {
  if (isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'))) {
    throw new Error(`MysqlBackend: query operators are not supported in unique() (key "${key}")`);
  }
}

/**
 * `data.<path>` keys compare a JSON value (type-sensitive, as in Mongo: 42 is
 * not "42"); other keys must name a JobParameters field.
 */
export function applyUniqueFilter(qb: QueryBuilder, unique: Record<string, unknown>): void {
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
    qb.where((inner) => {
      inner
        .whereRaw('JSON_EXTRACT(data, ?) IS NULL', [path])
        .orWhereRaw("JSON_CONTAINS(data, 'null', ?)", [path]);
    });
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
