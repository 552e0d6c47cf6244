/**
 * The answer of a ranking: every qualifying document, best first, without sorting or scoring all
 * of them. The documents come with a cheap prescore; only the best `depth` by prescore get an
 * exact score and are sorted by it, found with one native sort of the prescores instead of
 * sorting documents. Past that head, documents follow in prescore order, sorted the first time a
 * page reaches there. Reasons are written only for the entries a page returns.
 */
import type { PairScore } from './match.ts';

/** One result: the document, its score, and what the score is made of. */
export interface Ranked<D> {
  doc: D;
  score: number;
  pair: PairScore;
  feedback: FeedbackItem[];
}

export interface FeedbackItem {
  name: string;
  weight: number;
  value: number;
  contribution: number;
}

export interface RankedList<D> {
  /** How many documents qualify. */
  readonly length: number;
  /** The entries from `from` (included) to `to` (excluded), best first. */
  slice(from: number, to: number): Ranked<D>[];
}

/** The positions of the `k` highest prescores (ties broken by the higher id), in no order. */
function bestPositions(pre: Float64Array, ids: Int32Array, k: number): number[] {
  const n = pre.length;
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const sorted = pre.slice().sort();
  const threshold = sorted[n - k]!;
  const above: number[] = [];
  const tied: number[] = [];
  for (let i = 0; i < n; i++) {
    if (pre[i]! > threshold) above.push(i);
    else if (pre[i] === threshold) tied.push(i);
  }
  tied.sort((a, b) => ids[b]! - ids[a]!);
  return above.concat(tied.slice(0, k - above.length));
}

export function rankedList<D extends { id: number }>(
  docs: D[],
  pre: Float64Array,
  depth: number,
  score: {
    /** The exact score alone (what `exact` would give as `score`), to sort the head. */
    key: (doc: D) => number;
    /** The exact score with its reasons, for the entries a page returns. */
    exact: (doc: D) => Ranked<D>;
  },
): RankedList<D> {
  const ids = Int32Array.from(docs, (d) => d.id);
  const byPre = (a: number, b: number) => pre[b]! - pre[a]! || ids[b]! - ids[a]!;
  const headAt = bestPositions(pre, ids, depth);
  const keys = new Float64Array(docs.length);
  for (const i of headAt) keys[i] = score.key(docs[i]!);
  headAt.sort((a, b) => keys[b]! - keys[a]! || ids[b]! - ids[a]!);
  let tail: number[] | null = null;
  const tailOrder = (): number[] => {
    if (!tail) {
      const inHead = new Uint8Array(docs.length);
      for (const i of headAt) inHead[i] = 1;
      tail = [];
      for (let i = 0; i < docs.length; i++) if (!inHead[i]) tail.push(i);
      tail.sort(byPre);
    }
    return tail;
  };
  const at = (rank: number): number =>
    rank < headAt.length ? headAt[rank]! : tailOrder()[rank - headAt.length]!;
  return {
    length: docs.length,
    slice(from, to) {
      const out: Ranked<D>[] = [];
      for (let rank = Math.max(0, from); rank < Math.min(to, docs.length); rank++)
        out.push(score.exact(docs[at(rank)]!));
      return out;
    },
  };
}
