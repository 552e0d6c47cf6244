/**
 * Counters for the high-volume categories (search, standard), counted in this process and written
 * to the shared `rate_limits` table in batches, so a request costs no database round trip:
 *
 * - Every `flushMs` (100 ms by default), the counts made since the last flush are added to the
 *   shared rows in ONE statement, and the totals of those rows (every instance's counts) are read
 *   back in one more: a request never waits for the database, and never causes a read of its own.
 * - A client new to this process (or in a new window) is counted from this process's knowledge
 *   until the flush that follows its first request reads its shared row back: a client that
 *   moves here brings its count within one flush interval and one round trip.
 * - After that, a client far from its limit is written less often: its counts wait until they
 *   reach a twentieth of the limit (`unsharedAtMost`), or ten seconds, whichever comes first; from
 *   half its limit on, at every flush. A page or an app screen asks for several answers at once,
 *   far below any limit, and each of those requests cost MariaDB a row write (7 to 8 µs of its
 *   CPU, on the API's cores when they share a host) for a count no instance needed yet.
 *
 * The bound, stated in README: on one instance the count is exact; across instances, a client can
 * exceed a batched limit by at most, for each OTHER instance, what it sends there within one flush
 * interval and one round trip (the time before that instance reads its shared row back), plus
 * fewer than a twentieth of the limit (what that instance may hold back). The row layout is
 * rate-limiter-flexible's (`key`, `points`, `expire` in Unix ms), so the exact counters of the
 * other categories and its purge of expired rows share the table.
 *
 * Windows use Date.now(), like the exact counters, so the headers agree whichever kind counted.
 */
import type { Knex } from 'knex';
import type { Logger } from '../../lib/logger.ts';
import type { RateCategory } from '../http/route.ts';
import type { CategoryRule } from './policy.ts';
import { RATE_LIMITS_TABLE, type Verdict } from './verdict.ts';

export const DEFAULT_FLUSH_MS = 100;
/**
 * The longest a count waits to be written while its client is far from its limit. Not part of the
 * bound (what is held back stays under a twentieth of the limit); only how soon the other instances
 * see a client that sends a few requests and stops. At 1 s, a reader sending a request every few
 * seconds cost a row write per request.
 */
export const HELD_BACK_MS = 10_000;

/** The counts an instance may hold back for a client far from its limit: a twentieth of the limit. */
export function unsharedAtMost(rule: CategoryRule): number {
  return Math.max(1, Math.floor(rule.points / 20));
}

interface Counter {
  /** End of the window, Unix ms. */
  windowEnd: number;
  /** Every instance's count as last read from the shared row (ours included). */
  shared: number;
  /** Counted here since the last flush began. */
  pending: number;
  /** Counted here and being written by the flush in progress. */
  flushing: number;
  /** Whether a flush has read the shared row back (every instance's count) since the window began here. */
  synced: boolean;
  /** When the oldest pending count was made (Unix ms). */
  pendingSince: number;
  rule: CategoryRule;
}

export interface BatchedCounters {
  consume(category: RateCategory, subject: string): Promise<Verdict>;
  /**
   * Counts one request when it stays within the limit; otherwise counts nothing and returns null
   * (then `consume`, which counts the refusal). Never waits: both count from what this instance knows.
   */
  consumeIfAllowed(category: RateCategory, subject: string): Verdict | null;
  /** Writes what is pending now (tests, shutdown); resolves when it is stored. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface SharedRow {
  key: string;
  points: number;
  expire: number | string | null;
}

const SELECT_ROWS = `SELECT \`key\`, \`points\`, \`expire\` FROM \`${RATE_LIMITS_TABLE}\` WHERE \`key\` IN `;

export function createBatchedCounters(
  db: Knex,
  categories: Partial<Record<RateCategory, CategoryRule>>,
  logger: Logger,
  flushMs = DEFAULT_FLUSH_MS,
  heldBackMs = HELD_BACK_MS,
): BatchedCounters {
  const counters = new Map<string, Counter>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  function verdict(counter: Counter, rule: CategoryRule, now: number): Verdict {
    const total = counter.shared + counter.flushing + counter.pending;
    const allowed = total <= rule.points;
    return { allowed, remaining: allowed ? rule.points - total : 0, msBeforeReset: counter.windowEnd - now };
  }

  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flushWith(false).catch((err: unknown) =>
        logger.error({ err }, 'rate-limit counters not written; kept for the next flush'),
      );
    }, flushMs);
    timer.unref();
  }

  /** Adds the pending counts to the shared rows (a new window where the row's has ended), then reads the totals. */
  async function write(batch: [string, Counter][], now: number): Promise<void> {
    const values = batch.map(([key, c]) => [key, c.flushing, c.windowEnd]);
    await db.raw(
      `INSERT INTO \`${RATE_LIMITS_TABLE}\` (\`key\`, \`points\`, \`expire\`) VALUES ${values.map(() => '(?, ?, ?)').join(', ')}
       ON DUPLICATE KEY UPDATE
         \`points\` = IF(\`expire\` IS NULL OR \`expire\` <= ?, VALUES(\`points\`), \`points\` + VALUES(\`points\`)),
         \`expire\` = IF(\`expire\` IS NULL OR \`expire\` <= ?, VALUES(\`expire\`), \`expire\`)`,
      [...values.flat(), now, now],
    );
    const [rows] = (await db.raw(`${SELECT_ROWS}(${batch.map(() => '?').join(', ')})`, [
      ...batch.map(([key]) => key),
    ])) as [SharedRow[]];
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const [key, c] of batch) {
      const row = byKey.get(key);
      c.flushing = 0;
      c.synced = true;
      if (!row) continue;
      c.shared = row.points;
      c.windowEnd = Number(row.expire);
    }
  }

  /**
   * Whether the pending counts of `c` are written now: always when asked (tests, shutdown), else
   * when the shared row was never read back, when they are a twentieth of the limit or a second
   * old, or when the client has used half its limit.
   */
  function due(c: Counter, now: number, everything: boolean): boolean {
    if (c.pending === 0) return false;
    if (everything || !c.synced || c.pending >= unsharedAtMost(c.rule)) return true;
    return now - c.pendingSince >= heldBackMs || 2 * (c.shared + c.flushing + c.pending) >= c.rule.points;
  }

  async function flushOnce(everything: boolean): Promise<void> {
    const now = Date.now();
    const batch: [string, Counter][] = [];
    let heldBack = false;
    for (const [key, c] of counters) {
      // A count of a window that has ended no longer limits anyone.
      if (c.windowEnd <= now) counters.delete(key);
      else if (due(c, now, everything)) {
        c.flushing = c.pending;
        c.pending = 0;
        batch.push([key, c]);
      } else if (c.pending > 0) heldBack = true;
    }
    if (heldBack) schedule();
    if (!batch.length) return;
    try {
      await write(batch, now);
    } catch (err) {
      // Not lost: the counts go back to pending and ride with the next flush.
      for (const [, c] of batch) {
        c.pending += c.flushing;
        c.flushing = 0;
      }
      schedule();
      throw err;
    }
  }

  function flushWith(everything: boolean): Promise<void> {
    running = running.catch(() => undefined).then(() => flushOnce(everything));
    return running;
  }
  const flush = () => flushWith(true);

  /** The counter of `subject` in `category` for the window running at `now` (a new one if none). */
  function counterOf(category: RateCategory, subject: string, rule: CategoryRule, now: number): Counter {
    const key = `${category}:${subject}`;
    let counter = counters.get(key);
    if (!counter || counter.windowEnd <= now)
      // New here (or a new window): counted from what this instance knows; the next flush adds
      // this count to the shared row and reads back every instance's total and the window.
      counters.set(
        key,
        (counter = {
          windowEnd: now + rule.windowSec * 1000,
          shared: 0,
          pending: 0,
          flushing: 0,
          synced: false,
          pendingSince: now,
          rule,
        }),
      );
    return counter;
  }

  function count(counter: Counter, now: number): void {
    if (counter.pending === 0) counter.pendingSince = now;
    counter.pending += 1;
    schedule();
  }

  function ruleOf(category: RateCategory): CategoryRule {
    const rule = categories[category];
    if (!rule) throw new Error(`category ${category} is not counted in batches`);
    return rule;
  }

  return {
    async consume(category, subject) {
      const rule = ruleOf(category);
      const now = Date.now();
      const counter = counterOf(category, subject, rule, now);
      count(counter, now);
      return verdict(counter, rule, now);
    },
    consumeIfAllowed(category, subject) {
      const rule = ruleOf(category);
      const now = Date.now();
      const counter = counterOf(category, subject, rule, now);
      if (counter.shared + counter.flushing + counter.pending + 1 > rule.points) return null;
      count(counter, now);
      return verdict(counter, rule, now);
    },
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
  };
}
