/**
 * The block check of the batched categories over an in-memory block store (no MariaDB): one read
 * of every running block, never one per client; a block this instance starts is known at once, one
 * started elsewhere from the next read of the list, which a request never waits for but the first;
 * the other categories ask the store every time.
 */
import { expect } from 'chai';
import { cacheBlocks } from '../../api/rate-limit/block-cache.ts';
import type { BlockStore, RunningBlock } from '../../api/rate-limit/blocks.ts';
import type { RateCategory } from '../../api/http/route.ts';

const MINUTE = 60_000;

/** The shared table as a list, with the reads it served. */
function memoryStore() {
  const blocks: RunningBlock[] = [];
  const reads = { list: 0, one: 0 };
  const store: Required<Omit<BlockStore, 'knownClear'>> = {
    async blockOf(category, subject, now) {
      reads.one++;
      const b = blocks.find((x) => x.category === category && x.subject === subject);
      return b && b.blockedUntil > now.getTime()
        ? { msLeft: b.blockedUntil - now.getTime(), level: b.level }
        : null;
    },
    async strike(category, subject, now) {
      const block = { category, subject, blockedUntil: now.getTime() + MINUTE, level: 1 };
      blocks.push(block);
      return { msLeft: MINUTE, level: 1 };
    },
    async runningBlocks(now) {
      reads.list++;
      return blocks.filter((b) => b.blockedUntil > now.getTime());
    },
  };
  return { store, blocks, reads };
}

const batched = (c: RateCategory) => c === 'search' || c === 'standard';
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Rate-limit blocks of the batched categories (unit, in-memory store)', () => {
  it('reads the list once for many clients, and knows its own blocks at once', async () => {
    const { store, reads } = memoryStore();
    const cache = cacheBlocks(store, batched, 60_000);
    const now = new Date('2026-01-01T10:00:00Z');
    for (let i = 0; i < 100; i++)
      expect(await cache.blockOf('standard', `198.18.0.${i}`, now)).to.equal(null);
    expect(reads).to.deep.equal({ list: 1, one: 0 });
    expect(await cache.strike('standard', '198.18.0.7', now)).to.deep.equal({ msLeft: MINUTE, level: 1 });
    expect(await cache.blockOf('standard', '198.18.0.7', now)).to.deep.equal({ msLeft: MINUTE, level: 1 });
    // Its end is on the app clock.
    expect(await cache.blockOf('standard', '198.18.0.7', new Date(now.getTime() + MINUTE))).to.equal(null);
  });

  it('sees another instance’s block from the next read of the list, without a request waiting for it', async () => {
    const { store, blocks, reads } = memoryStore();
    const cache = cacheBlocks(store, batched, 0);
    const now = new Date('2026-01-01T10:00:00Z');
    expect(await cache.blockOf('search', '2001:db8::/64', now)).to.equal(null);
    blocks.push({
      category: 'search',
      subject: '2001:db8::/64',
      blockedUntil: now.getTime() + MINUTE,
      level: 2,
    });
    // This request starts the read and is answered from the list it had.
    expect(await cache.blockOf('search', '2001:db8::/64', now)).to.equal(null);
    await settle();
    expect(await cache.blockOf('search', '2001:db8::/64', now)).to.deep.equal({ msLeft: MINUTE, level: 2 });
    expect(reads.one).to.equal(0);
  });

  it('asks the store on every request of the other categories', async () => {
    const { store, reads } = memoryStore();
    const cache = cacheBlocks(store, batched, 60_000);
    const now = new Date('2026-01-01T10:00:00Z');
    await cache.blockOf('criticalAuth', '198.18.1.1', now);
    await cache.blockOf('criticalAuth', '198.18.1.1', now);
    expect(reads).to.deep.equal({ list: 0, one: 2 });
  });

  it('knownClear: tells without waiting only what the list it read says, and never for the other categories', async () => {
    const { store, reads } = memoryStore();
    const cache = cacheBlocks(store, batched, 60_000);
    const now = new Date('2026-01-01T10:00:00Z');
    // Nothing read yet: it cannot tell.
    expect(cache.knownClear!('standard', '198.18.2.1', now)).to.equal(false);
    await cache.blockOf('standard', '198.18.2.1', now);
    expect(cache.knownClear!('standard', '198.18.2.1', now)).to.equal(true);
    await cache.strike('standard', '198.18.2.1', now);
    expect(cache.knownClear!('standard', '198.18.2.1', now)).to.equal(false);
    expect(cache.knownClear!('standard', '198.18.2.1', new Date(now.getTime() + MINUTE))).to.equal(true);
    expect(cache.knownClear!('criticalAuth', '198.18.2.2', now)).to.equal(false);
    expect(reads).to.deep.equal({ list: 1, one: 0 });
  });
});
