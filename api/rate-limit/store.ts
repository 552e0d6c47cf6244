/**
 * The request counters, kept in MySQL by rate-limiter-flexible so every API instance shares them:
 * one limiter per category, key '<category>:<subject>' (subject: api/rate-limit/subject.ts),
 * expiring with the window, all in the one `rate_limits` table. Blocks are elsewhere
 * (api/rate-limit/blocks.ts).
 *
 * The interface speaks of counts and times only, not of the library's types. Categories marked
 * `batched` in the policy are counted in process and written in batches instead
 * (api/rate-limit/batched-counters.ts): no database round trip per request.
 */
import { RateLimiterMySQL, RateLimiterRes } from 'rate-limiter-flexible';
import type { Knex } from 'knex';
import type { Logger } from '../../lib/logger.ts';
import type { RateCategory } from '../http/route.ts';
import type { CategoryRule } from './policy.ts';
import { createBatchedCounters, type BatchedCounters } from './batched-counters.ts';
import { RATE_LIMITS_TABLE, type Verdict } from './verdict.ts';

export { RATE_LIMITS_TABLE, type Verdict } from './verdict.ts';

export interface RateLimitStore {
  /** Counts one request of `subject` in `category`. */
  consume(category: RateCategory, subject: string): Promise<Verdict>;
  /** Counts one request of a batched category if it is allowed (BatchedCounters.consumeIfAllowed), else null. */
  consumeIfAllowed(category: RateCategory, subject: string): Verdict | null;
  /** Whether `category` is counted in batches (its view of other instances may lag one flush). */
  isBatched(category: RateCategory): boolean;
  /** Writes the batched counts made so far (tests; shutdown). */
  flush(): Promise<void>;
}

/** The library rejects with a RateLimiterRes when over the limit, and with an Error when the store fails. */
async function verdictOf(pending: Promise<RateLimiterRes>): Promise<Verdict> {
  let res: RateLimiterRes;
  let allowed = true;
  try {
    res = await pending;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    res = err;
    allowed = false;
  }
  return { allowed, remaining: allowed ? res.remainingPoints : 0, msBeforeReset: res.msBeforeNext };
}

export function createRateLimitStore(
  db: Knex,
  dbName: string,
  categories: Record<RateCategory, CategoryRule>,
  logger: Logger,
  flushMs?: number,
): RateLimitStore {
  const entries = Object.entries(categories) as [RateCategory, CategoryRule][];
  const batched: BatchedCounters = createBatchedCounters(
    db,
    Object.fromEntries(entries.filter(([, rule]) => rule.batched)),
    logger,
    flushMs,
  );
  const limiters = Object.fromEntries(
    entries.map(([category, rule], i) => [
      category,
      new RateLimiterMySQL({
        storeClient: db,
        // The library then borrows raw mysql2 connections from knex's pool (no second pool).
        storeType: 'knex',
        dbName,
        tableName: RATE_LIMITS_TABLE,
        // Created by migrations/20261121001100_rate_limits.ts.
        tableCreated: true,
        keyPrefix: category,
        points: rule.points,
        duration: rule.windowSec,
        // Its purge deletes every expired row of the shared table: one timer per process is enough.
        clearExpiredByTimeout: i === 0,
      }),
    ]),
  ) as Record<RateCategory, RateLimiterMySQL>;

  return {
    consume: (category, subject) =>
      categories[category].batched
        ? batched.consume(category, subject)
        : verdictOf(limiters[category].consume(subject)),
    consumeIfAllowed: (category, subject) =>
      categories[category].batched ? batched.consumeIfAllowed(category, subject) : null,
    isBatched: (category) => categories[category].batched === true,
    flush: () => batched.flush(),
  };
}
