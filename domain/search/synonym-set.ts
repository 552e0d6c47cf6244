/**
 * Synonyms: groups of equivalent terms ("développeur, dev, programmeur"; "RH, ressources
 * humaines"). A query word matches any term of its group; a multi-word term counts as one query
 * word, and matches a field that holds all of its words. Terms are compared after analysis and
 * stemming, so "développeurs" finds the group of "développeur".
 */
import { stem, tokens } from './analyzer.ts';

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

  constructor(groups: readonly SynonymGroup[] = []) {
    for (const g of groups) {
      const terms = g.terms.map(analyseTerm).filter((t) => t.tokens.length > 0);
      const index = this.groups.push(terms) - 1;
      for (const term of terms) {
        const list = this.byFirstStem.get(term.stems[0]) ?? [];
        list.push({ term, group: index });
        this.byFirstStem.set(term.stems[0], list);
      }
    }
  }

  get size(): number {
    return this.groups.length;
  }

  /**
   * The longest term (of at most `maxLength` tokens) starting at tokens[at], compared by stems: how
   * many tokens it covers and every term of every group it belongs to, as token lists. null when no
   * term starts there.
   */
  longestAt(
    toks: readonly string[],
    at: number,
    maxLength = Infinity,
  ): { length: number; alternatives: string[][] } | null {
    const candidats = this.byFirstStem.get(stem(toks[at])) ?? [];
    let length = 0;
    for (const { term } of candidats) {
      const n = term.stems.length;
      if (
        n > length &&
        n <= maxLength &&
        at + n <= toks.length &&
        term.stems.every((s, k) => s === stem(toks[at + k]))
      )
        length = n;
    }
    if (length === 0) return null;
    const groups = new Set<number>();
    for (const { term, group } of candidats) {
      if (term.stems.length === length && term.stems.every((s, k) => s === stem(toks[at + k])))
        groups.add(group);
    }
    const alternatives: string[][] = [];
    for (const g of groups) for (const t of this.groups[g]) alternatives.push(t.tokens);
    return { length, alternatives };
  }
}

function analyseTerm(text: string): Term {
  const toks = tokens(text);
  return { tokens: toks, stems: toks.map(stem) };
}
