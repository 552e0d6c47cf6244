/** The reasons every result carries, in the shape the API documents (shapes/recommendation.ts). */
import type { Ranked } from './engine.ts';

export function reasonsOf<D>(r: Ranked<D>) {
  return {
    score: r.score,
    parts: r.pair.parts,
    matched: r.pair.matched,
    missing: r.pair.missing,
    feedback: r.feedback,
  };
}
