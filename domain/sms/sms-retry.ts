/**
 * The retry schedule of the SMS outbox: after a failed send the SMS waits before its next attempt
 * (30 s, 2 min, 10 min, 30 min, then 1 h); it is FAILED after MAX_SMS_ATTEMPTS failed attempts, or
 * at once when the SMSC refused it for good. A throttled send (the SMSC busy) is not a failure.
 */
export const MAX_SMS_ATTEMPTS = 6;
/** Delay before attempt n+1 after n failures: 30 s, 2 min, 10 min, 30 min, 1 h. */
export const SMS_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** A throttled message waits this long (the SMSC asked to slow down). */
export const SMS_THROTTLED_DELAY_MS = 1000;

/**
 * After `attempts` failed attempts (counting this one), `refused` when the SMSC refused the message
 * for good: is the SMS FAILED, and the wait before the next attempt.
 */
export function smsAfterFailure(attempts: number, refused: boolean): { final: boolean; delayMs: number } {
  return {
    final: refused || attempts >= MAX_SMS_ATTEMPTS,
    delayMs: SMS_RETRY_DELAYS_MS[Math.min(attempts - 1, SMS_RETRY_DELAYS_MS.length - 1)],
  };
}
