/**
 * A receiver's Retry-After (on 429 and 503): seconds, or an HTTP date. The next attempt comes no
 * sooner than it says, and never more than MAX_RETRY_AFTER_MS later (a receiver cannot park a
 * delivery for ever). null when absent or unreadable.
 */
export const MAX_RETRY_AFTER_MS = 24 * 3600_000;
/** Every HTTP date form (IMF-fixdate, RFC 850, asctime) starts with the day's name; Date.parse reads far more ("-5" as 2001). */
const HTTP_DATE = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s/i;

export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    if (!HTTP_DATE.test(text)) return null;
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS);
}
