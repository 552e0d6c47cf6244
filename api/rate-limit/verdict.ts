/** What a counter answers, and the shared table both kinds of counters keep (api/rate-limit/store.ts). */
export const RATE_LIMITS_TABLE = 'rate_limits';

export interface Verdict {
  allowed: boolean;
  /** Requests left in the window (0 when refused). */
  remaining: number;
  /** Until the window ends, in ms from now (Date.now()). */
  msBeforeReset: number;
}
