/**
 * The retry schedule of the email outbox: after a failed send the email waits before its next
 * attempt (1 min, 5 min, 15 min, 1 h, 3 h, 6 h, then 12 h), and after MAX_EMAIL_ATTEMPTS failed
 * attempts it is FAILED.
 */
export const MAX_EMAIL_ATTEMPTS = 8;
/** Delay before attempt n+1 after n failures: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h. */
export const EMAIL_RETRY_DELAYS_MS = [
  60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000,
];

/** After `attempts` failed attempts (counting this one): is the email FAILED for good, and the wait before the next. */
export function emailAfterFailure(attempts: number): { final: boolean; delayMs: number } {
  return {
    final: attempts >= MAX_EMAIL_ATTEMPTS,
    delayMs: EMAIL_RETRY_DELAYS_MS[Math.min(attempts - 1, EMAIL_RETRY_DELAYS_MS.length - 1)],
  };
}
