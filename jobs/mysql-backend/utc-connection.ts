/**
 * Dates are DATETIME(3) in UTC; the knex connection must be configured with
 * mysql2 `timezone: 'Z'` (verified once in connect()).
 */
import type { Knex } from 'knex';
import { readColumn, toDate } from './column-values.ts';
import { rawRows } from './query-results.ts';

/**
 * Dates must round-trip as UTC. With mysql2's default `timezone: 'local'` on a
 * non-UTC host, DATETIME values would be written and read in local time and
 * the lock/schedule arithmetic against other processes would drift by the UTC
 * offset: fail loudly at startup instead.
 */
export async function assertUtcConnection(knex: Knex): Promise<void> {
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
