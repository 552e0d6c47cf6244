/**
 * Counters for the high-volume categories (search, standard), counted in this process and written
 * to the shared `rate_limits` table in batches, so a request costs no database round trip:
 *
 * - The first request of a (category, subject) in this process, or after its window ended, starts
 *   the read of the shared row without waiting for it: that request and the ones before the read
 *   lands are counted from this instance's knowledge, the next ones from the client's count on
 *   every instance (a client that moves here brings its count within one round trip).
 * - Every `flushMs` (100 ms by default), the counts made since the last flush are added to the
 *   shared rows in ONE statement, and the totals of those rows (every instance's counts) are read
 *   back in one more.
 *
 * The bound, stated in README: on one instance the count is exact; across instances, a client can
 * exceed a batched limit by at most what it sends to the OTHER instances before they read its
 * shared row (a database round trip after its first request there, then every 2 flush intervals). The row layout is rate-limiter-flexible's (`key`, `points`, `expire` in Unix ms), so the
 * exact counters of the other categories and its purge of expired rows share the table.
 *
 * Windows use Date.now(), like the exact counters, so the headers agree whichever kind counted.
 */
import type { Knex } from 'knex';
import type { Logger } from '../../lib/logger.ts';
import type { RateCategory } from '../http/route.ts';
import type { CategoryRule } from './policy.ts';
import { RATE_LIMITS_TABLE, type Verdict } from './verdict.ts';

export const DEFAULT_FLUSH_MS = 100;

interface Counter {
  /** End of the window, Unix ms. */
  windowEnd: number;
  /** Every instance's count as last read from the shared row (ours included). */
  shared: number;
  /** Counted here since the last flush began. */
  pending: number;
  /** Counted here and being written by the flush in progress. */
  flushing: number;
  /** When `shared` was last read (Date.now()). */
  readAt: number;
}

export interface BatchedCounters {
  consume(category: RateCategory, subject: string): Promise<Verdict>;
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
): BatchedCounters {
  const counters = new Map<string, Counter>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  function verdict(counter: Counter, rule: CategoryRule, now: number): Verdict {
    const total = counter.shared + counter.flushing + counter.pending;
    const allowed = total <= rule.points;
    return { allowed, remaining: allowed ? rule.points - total : 0, msBeforeReset: counter.windowEnd - now };
  }

  /**
   * Reads the shared row of a key this process meets (or has not read for a while) and takes in
   * what other instances counted. A flush in progress may be in the row already: counted twice
   * until it ends (stricter, never looser). A failed read changes nothing: the next flush reads back.
   */
  function refresh(key: string, counter: Counter, now: number, fresh: boolean): void {
    void (async () => {
      const [rows] = (await db.raw(`${SELECT_ROWS}(?)`, [key])) as [SharedRow[]];
      const row = rows[0];
      const expire = row?.expire === null || row?.expire === undefined ? 0 : Number(row.expire);
      if (!row || expire <= now || counters.get(key) !== counter) return;
      if (row.points > counter.shared) counter.shared = row.points;
      // A window another instance opened for this client is the client's window.
      if (fresh) counter.windowEnd = expire;
    })().catch((err: unknown) =>
      logger.warn({ err }, 'rate-limit counter not read; the next flush reads it'),
    );
  }

  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush().catch((err: unknown) =>
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
      if (!row) continue;
      c.shared = row.points;
      c.windowEnd = Number(row.expire);
      c.readAt = Date.now();
    }
  }

  async function flushOnce(): Promise<void> {
    const now = Date.now();
    const batch: [string, Counter][] = [];
    for (const [key, c] of counters) {
      if (c.windowEnd <= now && c.pending === 0) counters.delete(key);
      else if (c.pending > 0) {
        c.flushing = c.pending;
        c.pending = 0;
        batch.push([key, c]);
      }
    }
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

  function flush(): Promise<void> {
    running = running.catch(() => undefined).then(flushOnce);
    return running;
  }

  return {
    async consume(category, subject) {
      const rule = categories[category];
      if (!rule) throw new Error(`category ${category} is not counted in batches`);
      const key = `${category}:${subject}`;
      const now = Date.now();
      let counter = counters.get(key);
      if (!counter || counter.windowEnd <= now) {
        // New here (or a new window): counted from what this instance knows, while the shared row
        // is read in the background; the request does not wait for the database.
        counters.set(
          key,
          (counter = {
            windowEnd: now + rule.windowSec * 1000,
            shared: 0,
            pending: 0,
            flushing: 0,
            readAt: now,
          }),
        );
        refresh(key, counter, now, true);
      } else if (now - counter.readAt > 2 * flushMs) {
        // Quiet here for a while: what other instances counted meanwhile is read, for the next requests.
        counter.readAt = now;
        refresh(key, counter, now, false);
      }
      counter.pending += 1;
      schedule();
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
