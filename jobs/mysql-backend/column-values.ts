/**
 * Reading column values out of result rows.
 *
 * Queries work whether or not the knex instance has Objection's
 * `knexSnakeCaseMappers()`: every identifier is lowercase snake_case (which
 * the mapper leaves alone) and rows are read through `readColumn`, which
 * accepts both the snake_case and the camelCase spelling of a column.
 */
import type { Row } from './types.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';

function snakeToCamel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
}

/** Read a column whether or not a snake->camel response mapper renamed it. */
export function readColumn(row: Row, column: string): unknown {
  if (column in row) {
    return row[column];
  }
  return row[snakeToCamel(column)];
}

/** DATETIME values come back as Date (mysql2 default) or as a UTC string (`dateStrings`). */
export function toDate(value: unknown): Date | undefined {
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

export function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) {
    return undefined;
  }
  return typeof value === 'number' ? value : Number(value);
}

export function toOptionalString(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value);
}

/** TINYINT(1) arrives as 0/1 (or as a boolean with custom typeCast). */
export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** LONGTEXT always arrives as a string; anything else was already decoded by the driver. */
export const parseJson = (value: unknown): unknown => parseJsonColumn(value);

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
