/**
 * The query words of a search text, read once per index state. Reading a text (its synonym terms,
 * a typo read as the term it meant, English cognates) was about a tenth of the CPU of a search
 * page made afresh, and the same text comes back for each page, filter and language of a search. A reading
 * depends on the synonyms and on which words the index holds (`knowsStem`): it is kept while both
 * are those it was made with, so it is exactly what reading the text again would give.
 */
import type { OffreIndex } from './offre-index.ts';
import { queryWords, type QueryWord } from './query-words.ts';
import type { SynonymSet } from './synonym-set.ts';

/** Texts kept per index; the whole set is dropped when full (a cheap bound, refilled by the next searches). */
const MAX_TEXTS = 2000;

interface Readings {
  synonyms: SynonymSet;
  vocabulary: number;
  byText: Map<string, readonly QueryWord[]>;
}

const readingsByIndex = new WeakMap<OffreIndex, Readings>();

/** queryWords(text) against this index and these synonyms; the answer is shared: never change it. */
export function searchWordsOf(
  search: { index: OffreIndex; synonyms: SynonymSet },
  text: string,
): readonly QueryWord[] {
  const { index, synonyms } = search;
  let readings = readingsByIndex.get(index);
  if (!readings || readings.synonyms !== synonyms || readings.vocabulary !== index.vocabularyVersion) {
    readings = { synonyms, vocabulary: index.vocabularyVersion, byText: new Map() };
    readingsByIndex.set(index, readings);
  }
  let words = readings.byText.get(text);
  if (!words) {
    words = queryWords(text, synonyms, (s) => index.knowsStem(s));
    if (readings.byText.size >= MAX_TEXTS) readings.byText.clear();
    readings.byText.set(text, words);
  }
  return words;
}
