/** Reading what knex resolves to on mysql2, beyond plain SELECT rows. */
import { parseId } from './job-ids.ts';
import type { Row } from './types.ts';

/** Rows of a `knex.raw` SELECT on mysql2: the response is [rows, fields]. */
export function rawRows(result: unknown): Row[] {
  const rows: unknown = Array.isArray(result) ? result[0] : undefined;
  return Array.isArray(rows) ? rows.filter(isPlainObjectRow) : [];
}

function isPlainObjectRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null;
}

/** knex returns affected rows for update/delete; the snake mapper leaves numbers alone. */
export function affectedRows(result: unknown): number {
  return typeof result === 'number' ? result : 0;
}

/** `knex(table).insert()` resolves to [insertId] on mysql. */
export function insertedId(result: unknown): string {
  const id: unknown = Array.isArray(result) ? result[0] : result;
  const parsed = parseId(id);
  if (!parsed) {
    throw new Error(`MysqlBackend: unexpected insert result ${JSON.stringify(result)}`);
  }
  return parsed;
}
