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

/** A term written in capitals in its group ("IT", "SAV", "BTP") is an abbreviation. */
const ABBREVIATION = /^[A-Z][A-Z0-9&]{1,5}$/;
/** How far into a term an abbreviation is looked for. */
const MAX_SPAN = 6;

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
  abbreviation: boolean;
}

export class SynonymSet {
  /** Terms by the stem of their first token; each with the index of its group. */
  private readonly byFirstStem = new Map<string, { term: Term; group: number }[]>();
  private readonly groups: Term[][] = [];
  /** The distinct first stems of the terms, by their first letter (the letter typos never touch). */
  private readonly firstStemsByLetter = new Map<string, string[]>();

  constructor(groups: readonly SynonymGroup[] = []) {
    for (const g of groups) {
      const terms = g.terms.map(analysedTerm).filter((t) => t.tokens.length > 0);
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
   * many tokens it covers and every term of every group it belongs to, as token lists (split into
   * `alternatives` and `related`: see alternativesOf). null when no
   * term starts there. With `known`, a token whose stem no offer holds also matches a term's token
   * within its typo budget. An abbreviation (a term written in capitals in its group: "IT", "GRH") may
   * stand for another term of its groups inside a longer term: "responsable GRH" meets "responsable gestion
   * des ressources humaines". The term met with a typo or an abbreviation is `corrected`:
   * the tokens the typist meant.
   */
  longestAt(
    toks: readonly string[],
    at: number,
    maxLength = Infinity,
    known?: KnownStem,
  ): { length: number; alternatives: string[][]; related: string[][]; corrected?: string[] } | null {
    const stems = toks.map(stem);
    const tolerant = known ? stems.map((s, k) => !known(s) && isPlainWord(toks[k])) : null;
    let best = this.matchAt(stems, tolerant, at, maxLength);
    let span = best?.length ?? 0;
    if (maxLength > 1)
      for (let j = at; j < Math.min(toks.length, at + MAX_SPAN); j++)
        for (const expansion of this.expansionsOf(stems[j])) {
          const n = expansion.stems.length;
          const met = this.matchAt(
            replacedAt(stems, j, expansion.stems),
            tolerant && replacedAt(tolerant, j, new Array<boolean>(n).fill(false)),
            at,
            Infinity,
          );
          if (!met || at + met.length < j + n) continue;
          const typed = met.length - n + 1;
          if (typed > Math.max(span, 1) && typed <= maxLength) {
            best = { ...met, typed: false };
            span = typed;
          }
        }
    if (!best) return null;
    const { alternatives, related } = this.alternativesOf(best.groups);
    return best.typed
      ? { length: span, alternatives, related }
      : { length: span, alternatives, related, corrected: best.met.tokens };
  }

  /**
   * Every term of the groups a term met belongs to, once each by stems (a term in several groups, an
   * occupation's titles cut into groups or the same title in two tables, would be looked up again).
   * When the term met is in several groups, the terms only one of them holds are `related`: an
   * English title lent to a ROME occupation meets its own ESCO occupation's French titles in two
   * groups (the ESCO one and the ROME one) and the ROME occupation's other titles in one; those are
   * the same trade seen from a coarser nomenclature, and rank after (relevance.ts, TIER.RELATED).
   */
  private alternativesOf(groups: ReadonlySet<number>): { alternatives: string[][]; related: string[][] } {
    const held = new Map<string, { tokens: string[]; groups: number }>();
    for (const g of groups) {
      const inGroup = new Set<string>();
      for (const t of this.groups[g]) {
        const key = t.stems.join(' ');
        if (inGroup.has(key)) continue;
        inGroup.add(key);
        const entry = held.get(key);
        if (entry) entry.groups += 1;
        else held.set(key, { tokens: t.tokens, groups: 1 });
      }
    }
    const alternatives: string[][] = [];
    const related: string[][] = [];
    for (const { tokens: toks, groups: n } of held.values())
      (groups.size > 1 && n === 1 ? related : alternatives).push(toks);
    return { alternatives, related };
  }

  /** longestAt without abbreviations: the length met, the groups, the term met and whether it was typed as is. */
  private matchAt(
    stems: readonly string[],
    tolerant: readonly boolean[] | null,
    at: number,
    maxLength: number,
  ): { length: number; groups: Set<number>; met: Term; typed: boolean } | null {
    const same = (typed: number, termStem: string) =>
      stems[typed] === termStem ||
      (tolerant !== null &&
        tolerant[typed] &&
        withinTypoDistance(stems[typed], termStem, typoBudget(stems[typed])));
    const candidates = this.candidatesAt(stems, at, tolerant?.[at] ?? false);
    const fits = (term: Term) =>
      at + term.stems.length <= stems.length && term.stems.every((s, k) => same(at + k, s));
    let length = 0;
    for (const { term } of candidates) {
      const n = term.stems.length;
      if (n > length && n <= maxLength && fits(term)) length = n;
    }
    if (length === 0) return null;
    const groups = new Set<number>();
    let met: Term | null = null;
    for (const { term, group } of candidates)
      if (term.stems.length === length && fits(term)) {
        groups.add(group);
        met ??= term;
      }
    const typed = (met as Term).stems.every((s, k) => s === stems[at + k]);
    return { length, groups, met: met as Term, typed };
  }

  /** The other terms of the groups of an abbreviation ("it" -> "informatique", ...), by its stem. */
  private expansionsOf(s: string): Term[] {
    const out: Term[] = [];
    for (const { term, group } of this.byFirstStem.get(s) ?? [])
      if (term.abbreviation && term.stems.length === 1)
        for (const other of this.groups[group]) if (other !== term) out.push(other);
    return out;
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

/** `list` with its item at `at` replaced by `items`. */
function replacedAt<T>(list: readonly T[], at: number, items: readonly T[]): T[] {
  return [...list.slice(0, at), ...items, ...list.slice(at + 1)];
}

/** Terms analysed so far, for the next set: MAX_ANALYSED_TERMS at most, then emptied. */
let analysedTerms = new Map<string, Term>();
const MAX_ANALYSED_TERMS = 200_000;

/**
 * The term's analysis, computed once: the shipped sets repeat a title in several groups (an
 * occupation cut into groups, a title in two tables), 119,000 terms of which 50,000 distinct, and a
 * process builds the set again at each change of the groups (search-replica.ts) with nearly the
 * same terms.
 */
function analysedTerm(text: string): Term {
  let term = analysedTerms.get(text);
  if (term) return term;
  if (analysedTerms.size >= MAX_ANALYSED_TERMS) analysedTerms = new Map();
  term = analyseTerm(text);
  analysedTerms.set(text, term);
  return term;
}

function analyseTerm(text: string): Term {
  const toks = tokens(text);
  return { tokens: toks, stems: toks.map(stem), abbreviation: ABBREVIATION.test(text.trim()) };
}
