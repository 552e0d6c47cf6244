/**
 * The week a digest belongs to: the Monday (YYYY-MM-DD) of `now`'s week on the Cameroon calendar,
 * whatever the server's time zone. A digest is sent at most once per candidate and week, so a run
 * that starts late, a re-run or a manual run in the same week sends nothing more.
 */
import { localDate } from '../shared/index.ts';

const DAY_MS = 86_400_000;

export function weekStartOf(now: Date): string {
  const day = new Date(`${localDate(now)}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}
