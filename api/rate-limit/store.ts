/**
 * The counters, kept in MySQL by rate-limiter-flexible so every API instance shares them: one
 * limiter per category (key '<category>:<ip>', expiring with the window) and one that counts the
 * 429 answers of an IP (key 'abuse:<ip>'), which the library turns into a 24-hour block when it
 * goes over its limit (its `blockDuration`). All keys live in the one `rate_limits` table.
 */
import { RateLimiterMySQL, RateLimiterRes } from 'rate-limiter-flexible';
import type { Knex } from 'knex';
import type { RateCategory } from '../http/route.ts';
import type { RatePolicy } from './policy.ts';

export const RATE_LIMITS_TABLE = 'rate_limits';

export type Verdict = { allowed: true; res: RateLimiterRes } | { allowed: false; res: RateLimiterRes };

export interface RateLimitStore {
  /** Counts one request of `ip` in `category`. */
  consume(category: RateCategory, ip: string): Promise<Verdict>;
  /** Counts one 429 answer of `ip`; refused means the IP is now blocked. */
  strike(ip: string): Promise<Verdict>;
  /** The block of `ip`, if one is running: its remaining time is `msBeforeNext`. */
  blockOf(ip: string): Promise<RateLimiterRes | null>;
}

/** The library rejects with a RateLimiterRes when over the limit, and with an Error when the store fails. */
async function verdictOf(pending: Promise<RateLimiterRes>): Promise<Verdict> {
  try {
    return { allowed: true, res: await pending };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { allowed: false, res: err };
    throw err;
  }
}

export function createRateLimitStore(db: Knex, dbName: string, policy: RatePolicy): RateLimitStore {
  const common = {
    storeClient: db,
    // The library then borrows raw mysql2 connections from knex's pool (no second pool).
    storeType: 'knex',
    dbName,
    tableName: RATE_LIMITS_TABLE,
    // Created by migrations/20261121001100_rate_limits.ts.
    tableCreated: true,
  };
  const categories = Object.fromEntries(
    Object.entries(policy.categories).map(([category, rule]) => [
      category,
      // The abuse limiter below purges the shared table; one purge timer per process is enough.
      new RateLimiterMySQL({
        ...common,
        keyPrefix: category,
        points: rule.points,
        duration: rule.windowSec,
        clearExpiredByTimeout: false,
      }),
    ]),
  ) as Record<RateCategory, RateLimiterMySQL>;
  const abuse = new RateLimiterMySQL({
    ...common,
    keyPrefix: 'abuse',
    points: policy.abuse.max429,
    duration: policy.abuse.windowSec,
    blockDuration: policy.abuse.blockSec,
    clearExpiredByTimeout: true,
  });

  return {
    consume: (category, ip) => verdictOf(categories[category].consume(ip)),
    strike: (ip) => verdictOf(abuse.consume(ip)),
    async blockOf(ip) {
      const res = await abuse.get(ip);
      return res && res.consumedPoints > policy.abuse.max429 ? res : null;
    },
  };
}
