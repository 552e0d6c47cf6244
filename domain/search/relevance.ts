/**
 * The relevance rule of search (README "Search"), as numbers and small pure functions; the index
 * (offre-index.ts) applies it to its postings.
 *
 * A query word's weight in an offer is BM25F: its idf over the public offers (rarer words count
 * more) times a saturated sum over the fields it matches, each field counting its weight times the
 * match tier's weight, divided by the field's length norm (a short title that is all query beats a
 * long one containing it; a synonym match of several typed tokens is normed as if its field held
 * them: see synonymLength).
 * A multi-word synonym term that matches counts once per token it covers.
 * A title that starts with a query word scores HEAD_BONUS more.
 * Offers are ordered by how many query tokens they cover, then how many of those their title
 * covers (of two offers matching "web developer" by one word, "Développeur mobile" before
 * "Community manager" with "web" in its skills, however rare "web" is), then the fewest tokens met
 * only with a typo where other offers hold them as typed ("stage" before "sage"), then the score, then the
 * words as typed in the title (exact form), then phrase proximity in the title, then the newest.
 */

/** Field weights: title, skills, description. */
export const FIELD_WEIGHTS = [4, 2, 1] as const;
/**
 * How much more a title that starts with a query word (as typed or a synonym, not a related term)
 * scores: its head, since a French title names the job first, so for "assistant" "Assistant
 * comptable" comes before "Pharmacien assistant", which a shorter description would otherwise put
 * first; any query word, not only the first, since English titles name the job last ("sales
 * manager": "Responsable des ventes"). Chosen on bench/relevance's dev half, held out: 0.774 at
 * 0.05, 0.775 at 0.1, 0.774 at 0.15, 0.773 at 0.2 (first query word only; any word: 0.775, its
 * English 0.320 to 0.328).
 */
export const HEAD_BONUS = 0.1;
/** BM25's b per field: how much a longer field than the average lowers a match. */
export const LENGTH_NORM = [0.75, 0.5, 0.75] as const;
/** BM25's k1: how fast more matching fields stop adding. */
export const K1 = 1.2;
/**
 * Weight of a match tier: none, typo, related synonym (a term met through only one of the several
 * groups the typed term is in: query-words.ts, `related`), synonym, the word itself (any plural or
 * feminine form).
 */
export const TIER_WEIGHT = [0, 0.5, 0.5, 0.8, 1] as const;
export const TIER = { NONE: 0, TYPO: 1, RELATED: 2, SYNONYM: 3, LITERAL: 4 } as const;
/** Bits a field's tier takes in a slot's tiers (offre-index.ts). */
export const TIER_BITS = 3;
/**
 * When fewer offers than this match every query token (and the order is by relevance), the best
 * offers matching some of them follow (in the same order: most tokens first, then most in the title, ...), up
 * to this many in all.
 */
export const PARTIAL_BELOW = 50;

/** BM25's idf of a word matched by `df` of `n` offers. */
export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * The field length a synonym match of a term of `typed` tokens is normed with: the field's length
 * plus the typed tokens beyond the first. A one-word synonym ("orthoprothésiste") of a four-word
 * query term stands for the four words typed: normed as a one-word title, it would outrank the
 * title holding those very words. Among synonym matches of one term the order by length stays.
 */
export function synonymLength(fieldLength: number, typed: number): number {
  return fieldLength + typed - 1;
}

/** BM25's saturation of a word's weighted field frequency. */
export function saturate(tf: number): number {
  return (tf * (K1 + 1)) / (tf + K1);
}

/** The divisor of a field of `length` tokens when that field averages `average` tokens. */
export function lengthNorm(field: number, length: number, average: number): number {
  if (average <= 0) return 1;
  const b = LENGTH_NORM[field];
  return 1 - b + (b * length) / average;
}

/**
 * Phrase proximity: how many neighbouring query tokens are neighbours, in the same order, in the
 * title (by stem). `units` are the query words, each as its alternatives' stems (the typed tokens
 * first). Inside a query word, its typed tokens count pair by pair; two neighbouring query words
 * count when the last token of a form of the first comes right before the first token of a form of
 * the second, typed or synonym: so "analyste IT" finds "informatique" right after "analyste" in
 * "Analyste informatique - Douala", and ranks it before "Analyste de la résistance informatique",
 * as "analyste informatique" does.
 */
export function proximity(units: readonly (readonly string[][])[], titleStems: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < units.length; i++) {
    const typed = units[i][0];
    for (let k = 0; k + 1 < typed.length; k++) if (neighbours(titleStems, typed[k], typed[k + 1])) n += 1;
    const next = units[i + 1];
    if (next && units[i].some((a) => next.some((b) => neighbours(titleStems, a[a.length - 1], b[0])))) n += 1;
  }
  return n;
}

/** Does the title hold `a` right before `b`? */
function neighbours(title: readonly string[], a: string, b: string): boolean {
  for (let j = 0; j + 1 < title.length; j++) if (title[j] === a && title[j + 1] === b) return true;
  return false;
}

/** How many query tokens the title holds exactly as typed (case and accents aside). */
export function exactness(queryTokens: readonly string[], titleWords: readonly string[]): number {
  let n = 0;
  for (const t of queryTokens) if (titleWords.includes(t)) n += 1;
  return n;
}
