/**
 * Reading JSON columns. MariaDB's JSON type is a LONGTEXT alias, so its values come back as text,
 * while MySQL's driver hands them over already parsed: every reader accepts both, here.
 */

/** The column's value, parsed when it arrived as text; SQL NULL is null. */
export function parseJsonColumn<T = unknown>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A JSON array column as an array; NULL, or anything but an array, is empty. */
export function jsonArrayColumn(value: unknown): unknown[] {
  const parsed = parseJsonColumn(value);
  return Array.isArray(parsed) ? parsed : [];
}

/** A JSON array of strings (tags, skills, terms): the entries that are strings. */
export function jsonStringsColumn(value: unknown): string[] {
  return jsonArrayColumn(value).filter((v): v is string => typeof v === 'string');
}
