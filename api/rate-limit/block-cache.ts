/**
 * The block check of the batched categories without a database read per request: this instance
 * keeps the list of every running block (one query for all of them, refreshed in the background
 * when it is more than `ttlMs` old, so a request never waits for it, but the first one) and the
 * blocks it started itself. A block this instance starts is known at once; one started by another
 * instance is seen within `ttlMs` and one round trip (the bound of the batched counters). The
 * other categories ask the shared store on every request.
 *
 * Block ends are on the app clock, so a test that moves the clock sees the block end without
 * waiting; how old the list may be is real time.
 */
import type { Logger } from '../../lib/logger.ts';
import type { RateCategory } from '../http/route.ts';
import type { ActiveBlock, BlockStore, RunningBlock } from './blocks.ts';

type Known = Pick<RunningBlock, 'blockedUntil' | 'level'>;

export function cacheBlocks(
  store: BlockStore,
  isCached: (category: RateCategory) => boolean,
  ttlMs: number,
  logger?: Logger,
): BlockStore {
  /** Every running block as last read (batched categories only). */
  let shared = new Map<string, Known>();
  /** The blocks this instance started, kept until they end (a read may predate them). */
  const own = new Map<string, Known>();
  let readAt = 0;
  let reading: Promise<void> | null = null;

  function refresh(now: Date): Promise<void> {
    reading ??= (async () => {
      try {
        const rows = store.runningBlocks ? await store.runningBlocks(now) : [];
        shared = new Map(
          rows.filter((b) => isCached(b.category)).map((b) => [`${b.category}:${b.subject}`, b] as const),
        );
        readAt = Date.now();
      } catch (err) {
        // Kept as it was; the next request tries again.
        logger?.error({ err }, 'rate-limit blocks not read; the last list is kept');
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  const running = (known: Known | undefined, now: Date): ActiveBlock | null => {
    const msLeft = known ? known.blockedUntil - now.getTime() : 0;
    return known && msLeft > 0 ? { msLeft, level: known.level } : null;
  };

  /** The running block as this instance knows it (the list refreshed in the background when old). */
  const known = (category: RateCategory, subject: string, now: Date): ActiveBlock | null => {
    if (Date.now() - readAt >= ttlMs) void refresh(now);
    const key = `${category}:${subject}`;
    const mine = running(own.get(key), now);
    if (!mine) own.delete(key);
    return mine ?? running(shared.get(key), now);
  };

  return {
    async blockOf(category, subject, now) {
      if (!isCached(category)) return store.blockOf(category, subject, now);
      if (readAt === 0) await refresh(now);
      return known(category, subject, now);
    },
    knownClear(category, subject, now) {
      return isCached(category) && readAt !== 0 && known(category, subject, now) === null;
    },
    async strike(category, subject, now) {
      const block = await store.strike(category, subject, now);
      if (block && isCached(category))
        own.set(`${category}:${subject}`, { blockedUntil: now.getTime() + block.msLeft, level: block.level });
      return block;
    },
  };
}
