/**
 * The block check of the batched categories, remembered for one flush interval: a search or an
 * offer read then costs no database read for the block either. A block this instance starts is
 * known at once; one started by another instance is seen within `ttlMs` (the same bound as the
 * batched counters). The other categories ask the shared store on every request.
 *
 * What is remembered is the block's end on the app clock, so a test that moves the clock sees the
 * block end without waiting; how long it is remembered is real time.
 */
import type { RateCategory } from '../http/route.ts';
import type { ActiveBlock, BlockStore } from './blocks.ts';

interface Remembered {
  /** Real time (Date.now()) until which this answer is trusted. */
  trustedUntil: number;
  /** End of the running block on the app clock, ms; null: no block. */
  blockedUntil: number | null;
  level: number;
}

const MAX_REMEMBERED = 100_000;

export function cacheBlocks(
  store: BlockStore,
  isCached: (category: RateCategory) => boolean,
  ttlMs: number,
): BlockStore {
  const remembered = new Map<string, Remembered>();

  function remember(key: string, block: ActiveBlock | null, now: Date): void {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, {
      trustedUntil: Date.now() + ttlMs,
      blockedUntil: block ? now.getTime() + block.msLeft : null,
      level: block?.level ?? 0,
    });
  }

  return {
    async blockOf(category, subject, now) {
      if (!isCached(category)) return store.blockOf(category, subject, now);
      const key = `${category}:${subject}`;
      const known = remembered.get(key);
      if (known && known.trustedUntil > Date.now()) {
        const msLeft = known.blockedUntil === null ? 0 : known.blockedUntil - now.getTime();
        return msLeft > 0 ? { msLeft, level: known.level } : null;
      }
      const block = await store.blockOf(category, subject, now);
      remember(key, block, now);
      return block;
    },
    async strike(category, subject, now) {
      const block = await store.strike(category, subject, now);
      if (isCached(category)) remember(`${category}:${subject}`, block, now);
      return block;
    },
  };
}
