/**
 * Pagination of every list: page from 0, size default 20 silently capped at 100, sort as
 * `field,asc|desc` (repeatable). Sort fields are allow-listed per list and mapped to columns,
 * so user text never reaches SQL.
 */
import type { Knex } from 'knex';
import { inputError } from '../errors.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface SortOrder {
  column: string;
  direction: 'asc' | 'desc';
}

export interface PageRequest {
  page: number;
  size: number;
  sort: SortOrder[];
}

export interface Page<T> {
  content: readonly T[];
  page: { size: number; number: number; totalElements: number; totalPages: number };
}

/** Allowed sort fields of one list: API field name -> SQL column. */
export type SortableFields = Record<string, string>;

export function pageRequest(
  raw: { page?: unknown; size?: unknown; sort?: unknown },
  sortable: SortableFields,
  defaultSort: SortOrder[] = [],
): PageRequest {
  const page = raw.page === undefined ? 0 : Number(raw.page);
  const size = raw.size === undefined ? DEFAULT_PAGE_SIZE : Number(raw.size);
  if (!Number.isInteger(page) || page < 0)
    throw inputError('Invalid page', 'query.page', 'minimum', { limit: 0 });
  if (!Number.isInteger(size) || size < 1)
    throw inputError('Invalid size', 'query.size', 'minimum', { limit: 1 });
  const sorts = raw.sort === undefined ? [] : Array.isArray(raw.sort) ? raw.sort : [raw.sort];
  const sort = sorts.map((s) => parseSort(String(s), sortable));
  return { page, size: Math.min(size, MAX_PAGE_SIZE), sort: sort.length ? sort : defaultSort };
}

function parseSort(text: string, sortable: SortableFields): SortOrder {
  const [field, dir = 'asc'] = text.split(',').map((s) => s.trim());
  const column = Object.prototype.hasOwnProperty.call(sortable, field) ? sortable[field] : undefined;
  if (!column) {
    throw inputError('Invalid sort', 'query.sort', 'enum', { allowedValues: Object.keys(sortable) });
  }
  const direction = dir.toLowerCase();
  if (direction !== 'asc' && direction !== 'desc')
    throw inputError('Invalid sort', 'query.sort', 'enum', { allowedValues: ['asc', 'desc'] });
  return { column, direction };
}

export function emptyPage<T>(req: PageRequest): Page<T> {
  return { content: [], page: { size: req.size, number: req.page, totalElements: 0, totalPages: 0 } };
}

export function pageOf<T>(content: readonly T[], total: number, req: PageRequest): Page<T> {
  return {
    content,
    page: { size: req.size, number: req.page, totalElements: total, totalPages: Math.ceil(total / req.size) },
  };
}

/**
 * Runs a knex/Objection query as one page: counts on a copy without order, then fetches the rows
 * with the requested order (plus the tie-breaker, so pages never overlap).
 */
export async function paginate<Row>(
  query: Knex.QueryBuilder,
  req: PageRequest,
  tieBreaker: string,
): Promise<{ rows: Row[]; total: number }> {
  const countRow = (await query.clone().clearSelect().clearOrder().count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  const total = Number(countRow?.n ?? 0);
  const rowsQuery = query.clone();
  for (const s of req.sort) rowsQuery.orderBy(s.column, s.direction);
  rowsQuery
    .orderBy(tieBreaker, 'desc')
    .limit(req.size)
    .offset(req.page * req.size);
  const rows = (await rowsQuery) as Row[];
  return { rows, total };
}
