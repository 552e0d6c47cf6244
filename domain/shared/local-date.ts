/**
 * The platform's calendar is Cameroon's: an offer's deadline is a date there (inclusive: the offer
 * stays open all that day), and "today" for searches, feeds, alerts and dashboards is the date in
 * Africa/Douala, whatever the server's own time zone.
 */
export const CAMEROON_TIME_ZONE = 'Africa/Douala';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date of `now` in `timeZone` as YYYY-MM-DD. The formatter is built once per time zone:
 * building one costs more than a whole search in the index (6% of the API's CPU under search load).
 */
export function localDate(now: Date, timeZone = CAMEROON_TIME_ZONE): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format.format(now);
}
