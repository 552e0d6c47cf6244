/**
 * The ranking list of recommendations against a brute-force sort: the head is the `depth` best by
 * prescore (ties to the higher id) sorted by exact score, the tail follows in prescore order, and
 * pages read across the two give every document once, in that order.
 */
import { expect } from 'chai';
import { rankedList, type Ranked } from '../../domain/recommendations/ranked-list.ts';
import type { PairScore } from '../../domain/recommendations/match.ts';

interface Doc {
  id: number;
  exact: number;
}

/** A small deterministic generator (the test is the same at every run). */
function numbers(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const ranked = (d: Doc): Ranked<Doc> => ({ doc: d, score: d.exact, pair: {} as PairScore, feedback: [] });

function bruteForce(docs: Doc[], pre: number[], depth: number): number[] {
  const byPre = docs.map((d, i) => ({ d, p: pre[i]! })).sort((a, b) => b.p - a.p || b.d.id - a.d.id);
  const head = byPre.slice(0, depth).sort((a, b) => b.d.exact - a.d.exact || b.d.id - a.d.id);
  return [...head, ...byPre.slice(depth)].map((x) => x.d.id);
}

describe('Recommendations: the ranked list (unit, against a brute-force sort)', () => {
  for (const [n, depth] of [
    [0, 5],
    [3, 5],
    [50, 10],
    [2000, 200],
  ] as const) {
    it(`${n} documents, depth ${depth}: the same order page by page, with tied prescores`, () => {
      const random = numbers(n + depth);
      // Few distinct prescores, so the cut at `depth` falls among ties.
      const docs = Array.from({ length: n }, (_, i) => ({
        id: 1000 + i * 7,
        exact: Math.round(random() * 100),
      }));
      const pre = docs.map(() => Math.round(random() * 8) / 8);
      let keys = 0;
      const list = rankedList(docs, Float64Array.from(pre), depth, {
        key: (d) => {
          keys++;
          return d.exact;
        },
        exact: ranked,
      });
      expect(list.length).to.equal(n);
      expect(keys).to.equal(Math.min(n, depth));
      const pages: number[] = [];
      for (let from = 0; from < n + 20; from += 20)
        pages.push(...list.slice(from, from + 20).map((r) => r.doc.id));
      expect(pages).to.deep.equal(bruteForce(docs, pre, depth));
    });
  }
});
