/**
 * No alert or notice SMS between 21:00 and 07:00 Cameroon time: one queued then waits for 07:00.
 * (Codes a candidate just asked for, and the answer to their STOP, go at once.)
 */
import { CAMEROON_TIME_ZONE } from '../shared/index.ts';

export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: CAMEROON_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock fields of `at` in Cameroon, and the zone's offset from UTC at that instant. */
function local(at: Date): { y: number; m: number; d: number; hour: number; offsetMs: number } {
  const f = Object.fromEntries(parts.formatToParts(at).map((p) => [p.type, p.value]));
  const y = Number(f.year);
  const m = Number(f.month);
  const d = Number(f.day);
  const hour = Number(f.hour);
  const asUtc = Date.UTC(y, m - 1, d, hour, Number(f.minute), Number(f.second));
  return { y, m, d, hour, offsetMs: asUtc - Math.floor(at.getTime() / 1000) * 1000 };
}

export function inQuietHours(at: Date): boolean {
  const { hour } = local(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** `at` itself outside quiet hours, else the 07:00 (Cameroon) that ends them. */
export function afterQuietHours(at: Date): Date {
  const { y, m, d, hour, offsetMs } = local(at);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return at;
  const dayShift = hour >= QUIET_FROM_HOUR ? 1 : 0;
  return new Date(Date.UTC(y, m - 1, d + dayShift, QUIET_UNTIL_HOUR) - offsetMs);
}
