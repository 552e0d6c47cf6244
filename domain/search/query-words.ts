/**
 * Reads the text of a search into query words. A query word is one analysed token, or several
 * tokens that together form a multi-word synonym term ("ressources humaines", "technical
 * director"): such a word covers all its tokens when a field holds one of its terms, and otherwise
 * its tokens count one by one (its `parts`), so "chef de projet digital" still meets "Chef de
 * projet" on two of its three tokens.
 */
import { isPlainWord, stem, tokens, withoutPluralEnding } from './analyzer.ts';
import { cognates } from './cognates.ts';
import { joinedCompound, joinedVariants, prefixedCompound, splitCompound } from './compounds.ts';
import { derivedForms } from './derivations.ts';
import { withoutPreamble } from './query-preamble.ts';
import type { KnownStem, SynonymSet } from './synonym-set.ts';
import { typoBudget } from './typo.ts';

/** At most this many query words are used; the rest of a long query is ignored. */
export const MAX_QUERY_WORDS = 8;

export interface QueryWord {
  /** The tokens as typed (folded), or the synonym term they meant when typed with a typo. */
  literal: string[];
  /** Equivalent token lists (the literal one first): a field matches one when it holds all its tokens, compared by stem. */
  alternatives: string[][];
  /**
   * Equivalent token lists met through only one of the several synonym groups of the term typed:
   * they match as synonyms, at a lower weight (relevance.ts, TIER.RELATED).
   */
  related: string[][];
  /** Edits allowed against indexed words (0: none), for a single plain word only. */
  typos: number;
  /** For a multi-word term: each of its tokens read alone, used when no term of the group matches. */
  parts: QueryWord[];
  /**
   * The tokens as typed, when `literal` is the synonym term they were read as (met with a typo or
   * as an abbreviation): what a company's name is compared with ("mungo", not "mongo").
   */
  typed?: string[];
}

/** The tokens a company's name is compared with, one for each token of `literal`: as typed where they line up. */
export function nameTokens(word: QueryWord): string[] {
  return word.typed && word.typed.length === word.literal.length ? word.typed : word.literal;
}

/** How many tokens of the query these words cover (what a hit's `matchedWords` counts against). */
export function tokenCount(words: readonly QueryWord[]): number {
  return words.reduce((n, w) => n + w.literal.length, 0);
}

export interface QueryWordOptions {
  /**
   * Whether a word no offer holds may meet a synonym term with a typo (default true). Job alerts
   * say false: they match the few offers of a day, where most words of a title are held by none,
   * and a correction would send offers of another job by email.
   */
  synonymTypos?: boolean;
}

/**
 * The query words of `text`. With `known` (the index's stems), a word no offer holds may meet a
 * synonym term with a typo (synonym-set.ts), and compounds are read as offers write them
 * (compounds.ts).
 */
export function queryWords(
  text: string,
  synonyms: SynonymSet,
  known?: KnownStem,
  options: QueryWordOptions = {},
): QueryWord[] {
  const vocabulary = { known, typoKnown: options.synonymTypos === false ? undefined : known };
  const toks = withoutPreamble([...new Set(tokens(text))], synonyms);
  const out: QueryWord[] = [];
  for (let at = 0; at < toks.length && out.length < MAX_QUERY_WORDS;) {
    const { word, span } = wordAt(toks, at, synonyms, Infinity, vocabulary);
    // Read alone, the tokens of the term met (as typed, or as meant when typed with a typo or an abbreviation).
    if (word.literal.length > 1)
      word.parts = word.literal.map((_, k) => wordAt(word.literal, k, synonyms, 1, vocabulary).word);
    out.push(word);
    at += span;
  }
  return out;
}

/** The stems offers hold: for compounds (`known`) and for synonym terms met with a typo (`typoKnown`). */
interface Vocabulary {
  known?: KnownStem;
  typoKnown?: KnownStem;
}

/**
 * The query word starting at toks[at]: the longest synonym term there (up to maxLength tokens),
 * else a letter prefix and its word ("e-commerce", compounds.ts), else two tokens that offers write
 * as one word, else the token alone.
 */
function wordAt(
  toks: readonly string[],
  at: number,
  synonyms: SynonymSet,
  maxLength: number,
  { known, typoKnown }: Vocabulary,
): { word: QueryWord; span: number } {
  const match = synonyms.longestAt(toks, at, maxLength, typoKnown);
  const length = match?.length ?? 1;
  const prefixed = length === 1 && maxLength > 1 ? prefixedCompound(toks[at], toks[at + 1]) : null;
  if (prefixed) {
    const { word } = wordAt([prefixed], 0, synonyms, 1, { known, typoKnown });
    const hyphenated = [toks[at], toks[at + 1]];
    if (!word.alternatives.some((a) => a.join(' ') === hyphenated.join(' ')))
      word.alternatives.push(hyphenated);
    return { word, span: 2 };
  }
  if (length === 1 && maxLength > 1 && known && at + 1 < toks.length) {
    const joined = joinedCompound(toks[at], toks[at + 1], known);
    if (joined) return { word: compoundWord([toks[at], toks[at + 1]], joined, synonyms), span: 2 };
  }
  // A term met with a typo or an abbreviation stands for what was typed: offers holding it rank as literal matches.
  const typed = toks.slice(at, at + length);
  const literal = match?.corrected ?? typed;
  const notLiteral = (a: string[]) => a.join(' ') !== literal.join(' ');
  const alternatives = [literal, ...(match?.alternatives ?? []).filter(notLiteral)];
  const related = (match?.related ?? []).filter(notLiteral);
  if (length === 1) {
    const seen = new Set([...alternatives, ...related].filter((a) => a.length === 1).map((a) => stem(a[0])));
    for (const c of cognates(literal[0]))
      if (!seen.has(stem(c))) {
        seen.add(stem(c));
        alternatives.push([c]);
      }
    // A compound typed as one word that offers write as two ("backend": "Back-End").
    if (known) for (const halves of splitCompound(literal[0], known)) alternatives.push(halves);
    // The trade and who practises it ("géothermie", "géothermicien"), and their synonyms
    // ("informaticien": "informatique", "IT"): related matches, after the word's own.
    // A form no offer holds would only cost a lookup (most French words end in an ending of some family).
    for (const d of derivedForms(literal[0])) {
      if (!seen.has(stem(d)) && (!known || known(stem(d)))) {
        seen.add(stem(d));
        related.push([d]);
      }
      const met = synonyms.longestAt([d], 0, 1);
      for (const a of [...(met?.alternatives ?? []), ...(met?.related ?? [])]) {
        const key = a.map(stem).join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        related.push(a);
      }
    }
  }
  if (known && length > 1)
    // The words typed, as offers write them with one word fewer ("développeur back end": "développeur backend").
    for (const joined of joinedVariants(literal, known))
      if (!alternatives.some((a) => a.join(' ') === joined.join(' '))) alternatives.push(joined);
  const typos = length === 1 && isPlainWord(literal[0]) ? typoBudget(withoutPluralEnding(literal[0])) : 0;
  const word: QueryWord = { literal, alternatives, related, typos, parts: [] };
  if (match?.corrected) word.typed = typed;
  return { word, span: length };
}

/**
 * Two tokens written as one compound word ("back end" -> "backend"): its literal is what was typed,
 * and the joined word with its synonyms are its alternatives.
 */
function compoundWord(typed: string[], joined: string, synonyms: SynonymSet): QueryWord {
  const met = synonyms.longestAt([joined], 0, 1);
  const notTyped = (a: string[]) => a.join(' ') !== typed.join(' ');
  return {
    literal: typed,
    alternatives: [
      typed,
      [joined],
      ...(met?.alternatives ?? []).filter((a) => notTyped(a) && a.join(' ') !== joined),
    ],
    related: (met?.related ?? []).filter(notTyped),
    typos: 0,
    parts: [],
  };
}

/**
 * The query words with each acronym typed alone ("DRH": one token that is the initials of a
 * synonym of several words, "directeur des ressources humaines") read as that spelled-out term,
 * whose words then count one by one where no offer holds the whole term: what a search that found
 * nothing tries next, so "DRH" finds "Consultant en ressources humaines" as a partial match rather
 * than nothing. Null when no word is such an acronym.
 */
export function spelledOut(
  words: readonly QueryWord[],
  synonyms: SynonymSet,
  known?: KnownStem,
): QueryWord[] | null {
  let found = false;
  const out = words.flatMap((w) => {
    const term = acronymTerm(w);
    if (!term) return [w];
    found = true;
    return queryWords(term.join(' '), synonyms, known);
  });
  return found ? out.slice(0, MAX_QUERY_WORDS) : null;
}

/** The first synonym term of several words whose initials spell the word as typed. */
function acronymTerm(word: QueryWord): string[] | undefined {
  if (word.literal.length !== 1) return undefined;
  const typed = word.literal[0];
  return word.alternatives.find((a) => a.length > 1 && a.map((t) => t[0]).join('') === typed);
}
