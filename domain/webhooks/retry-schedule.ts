/**
 * The retry schedule of webhook deliveries: attempt 1 at once, then these delays before attempts
 * 2 to 10. After the 10th failed attempt the delivery is DEAD (dead-letter queue).
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const MAX_ATTEMPTS = 10;

/** RETRY_DELAYS_MS[i] is the delay before attempt i + 2. */
export const RETRY_DELAYS_MS: readonly number[] = [
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  4 * HOUR,
  12 * HOUR,
  24 * HOUR,
  48 * HOUR,
];

/** When attempt `failedAttempt` (1-based) failed and may be retried: the delay before the next one, else null. */
export function retryDelayAfter(failedAttempt: number): number | null {
  if (failedAttempt >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[failedAttempt - 1] ?? null;
}
