/**
 * Reads the text of a search into query words. Every query word must match the offer (in its
 * title, skills or description); a query word is one analysed token, or several tokens that
 * together form a multi-word synonym term ("ressources humaines").
 */
import { isPlainWord, tokens } from './analyzer.ts';
import type { SynonymSet } from './synonym-set.ts';
import { typoBudget } from './typo.ts';

/** At most this many query words are used; the rest of a long query is ignored. */
export const MAX_QUERY_WORDS = 8;

export interface QueryWord {
  /** The tokens as typed (folded): exact matches of these rank first. */
  literal: string[];
  /** Equivalent token lists (the literal one included): a field matches one when it holds all its tokens, compared by stem. */
  alternatives: string[][];
  /** Edits allowed against indexed words (0: none), for a single plain word only. */
  typos: number;
}

export function queryWords(text: string, synonyms: SynonymSet): QueryWord[] {
  const toks = [...new Set(tokens(text))];
  const out: QueryWord[] = [];
  for (let at = 0; at < toks.length && out.length < MAX_QUERY_WORDS;) {
    const match = synonyms.longestAt(toks, at);
    const length = match?.length ?? 1;
    const literal = toks.slice(at, at + length);
    const alternatives = [
      literal,
      ...(match?.alternatives ?? []).filter((a) => a.join(' ') !== literal.join(' ')),
    ];
    const typos = length === 1 && isPlainWord(literal[0]) ? typoBudget(literal[0]) : 0;
    out.push({ literal, alternatives, typos });
    at += length;
  }
  return out;
}
