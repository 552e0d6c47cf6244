/**
 * Synonyms: groups of equivalent terms ("développeur, dev, programmeur"; "RH, ressources
 * humaines"). A query word matches any term of its group; a multi-word term counts as one query
 * word, and matches a field that holds all of its words. Terms are compared after analysis and
 * stemming, so "développeurs" finds the group of "développeur". A typed word that no indexed
 * offer holds is read with typo tolerance (typo.ts's budget), so "acheteru de commerce" still
 * reaches the group of "acheteur de commerce"; a word offers hold is never read as another.
 */
import { isPlainWord, stem, tokens } from './analyzer.ts';
import { typoBudget, withinTypoDistance } from './typo.ts';

/** Whether some indexed offer holds a word of this stem: such a word is taken as typed. */
export type KnownStem = (stem: string) => boolean;

export interface SynonymGroup {
  id: number;
  terms: string[];
}

/** One term of a group, analysed: its tokens and their stems. */
interface Term {
  tokens: string[];
  stems: string[];
}

export class SynonymSet {
  /** Terms by the stem of their first token; each with the index of its group. */
  private readonly byFirstStem = new Map<string, { term: Term; group: number }[]>();
  private readonly groups: Term[][] = [];
  /** The distinct first stems of the terms, by their first letter (the letter typos never touch). */
  private readonly firstStemsByLetter = new Map<string, string[]>();

  constructor(groups: readonly SynonymGroup[] = []) {
    for (const g of groups) {
      const terms = g.terms.map(analyseTerm).filter((t) => t.tokens.length > 0);
      const index = this.groups.push(terms) - 1;
      for (const term of terms) {
        const first = term.stems[0];
        const list = this.byFirstStem.get(first);
        if (list) list.push({ term, group: index });
        else {
          this.byFirstStem.set(first, [{ term, group: index }]);
          const letter = this.firstStemsByLetter.get(first[0]) ?? [];
          letter.push(first);
          this.firstStemsByLetter.set(first[0], letter);
        }
      }
    }
  }

  get size(): number {
    return this.groups.length;
  }

  /**
   * The longest term (of at most `maxLength` tokens) starting at tokens[at], compared by stems: how
   * many tokens it covers and every term of every group it belongs to, as token lists. null when no
   * term starts there. With `known`, a token whose stem no offer holds also matches a term's token
   * within its typo budget; the term so met is `corrected`, the tokens the typist meant.
   */
  longestAt(
    toks: readonly string[],
    at: number,
    maxLength = Infinity,
    known?: KnownStem,
  ): { length: number; alternatives: string[][]; corrected?: string[] } | null {
    const stems = toks.map(stem);
    const tolerant = known ? stems.map((s, k) => !known(s) && isPlainWord(toks[k])) : null;
    const same = (typed: number, termStem: string) =>
      stems[typed] === termStem ||
      (tolerant !== null &&
        tolerant[typed] &&
        withinTypoDistance(stems[typed], termStem, typoBudget(stems[typed])));
    const candidates = this.candidatesAt(stems, at, tolerant?.[at] ?? false);
    const fits = (term: Term) =>
      at + term.stems.length <= toks.length && term.stems.every((s, k) => same(at + k, s));
    let length = 0;
    for (const { term } of candidates) {
      const n = term.stems.length;
      if (n > length && n <= maxLength && fits(term)) length = n;
    }
    if (length === 0) return null;
    const groups = new Set<number>();
    for (const { term, group } of candidates)
      if (term.stems.length === length && fits(term)) groups.add(group);
    const alternatives: string[][] = [];
    for (const g of groups) for (const t of this.groups[g]) alternatives.push(t.tokens);
    const met = candidates.find(({ term }) => term.stems.length === length && fits(term))?.term as Term;
    const typed = met.stems.every((s, k) => s === stems[at + k]);
    return typed ? { length, alternatives } : { length, alternatives, corrected: met.tokens };
  }

  /** The terms that may start at stems[at]: by its stem, and with a typo when it is read tolerantly. */
  private candidatesAt(stems: readonly string[], at: number, tolerant: boolean) {
    const exact = this.byFirstStem.get(stems[at]) ?? [];
    if (!tolerant || exact.length) return exact;
    const budget = typoBudget(stems[at]);
    if (budget === 0) return exact;
    return (this.firstStemsByLetter.get(stems[at][0]) ?? [])
      .filter((first) => withinTypoDistance(stems[at], first, budget))
      .flatMap((first) => this.byFirstStem.get(first) ?? []);
  }
}

function analyseTerm(text: string): Term {
  const toks = tokens(text);
  return { tokens: toks, stems: toks.map(stem) };
}
