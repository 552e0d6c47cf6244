/**
 * compactHeap: one full collection leaves the old generation's pages holding its live objects,
 * where an ordinary one leaves fragmented pages in place.
 */
import v8 from 'node:v8';
import { expect } from 'chai';
import { compactHeap } from '../../lib/heap-compaction.ts';

function oldSpaceMb(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_size / 1048576;
}

describe('compactHeap', function () {
  this.timeout(60_000);

  it('gives back the pages a build leaves fragmented: after it, the old generation is about its live objects', async () => {
    // A build's pattern: small objects promoted together, most of them garbage once it is done.
    const made: { n: number; next: null }[][] = [];
    for (let batch = 0; batch < 40; batch++) {
      made.push(Array.from({ length: 20_000 }, (_, n) => ({ n, next: null })));
      // Batches outlive a few young collections, so they reach the old generation.
      await new Promise((r) => setImmediate(r));
    }
    const kept = made.map((batch) => batch.filter((_, i) => i % 4 === 0));
    made.length = 0;
    const before = oldSpaceMb();
    const result = compactHeap();
    expect(result.beforeMb).to.be.closeTo(before, 1);
    expect(result.afterMb, JSON.stringify(result)).to.be.below(result.beforeMb);
    expect(result.afterMb).to.be.closeTo(oldSpaceMb(), 1);
    // What is left is mostly live: no more than a tenth of the pages free, plus a page or two per
    // kind of object V8 keeps apart.
    expect(result.afterMb - result.liveMb, JSON.stringify(result)).to.be.at.most(result.afterMb / 10 + 4);
    expect(result.ms).to.be.a('number').and.at.least(0);
    expect(kept.reduce((n, b) => n + b.length, 0)).to.equal(40 * 5_000);
  });
});
