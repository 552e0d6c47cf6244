/**
 * Compound words written in one word or two: "backend" and "back-end", "fullstack" and "full
 * stack", "téléconseiller" and "télé-conseiller". The analyzer splits at hyphens, so an ad's
 * "Développeur Back-End" holds the words back and end, another's "Backend" one word: a query
 * meets both when the other writing is a word offers hold. Each half has at least
 * MIN_COMPOUND_PART letters, so that not every word starting with a letter reads as a compound,
 * except the e- of the electronic trades, which ads write both ways ("e-commerce" and
 * "eCommerce", "e-learning" and "eLearning").
 */
import { isPlainWord, stem } from './analyzer.ts';
import type { KnownStem } from './synonym-set.ts';

export const MIN_COMPOUND_PART = 3;

/** Shorter first halves that still make compounds: the e- of "e-commerce", "e-santé", "e-mail". */
const LETTER_PREFIXES = new Set(['e']);

const isFirstHalf = (part: string) => part.length >= MIN_COMPOUND_PART || LETTER_PREFIXES.has(part);

/**
 * A letter prefix and the word after it ("e", "commerce"), which a search reads as one word
 * ("ecommerce", also met as the two tokens an ad's "e-commerce" gives): the letter alone means
 * nothing, and as a word of its own it would meet every e- trade. Null for other tokens.
 */
export function prefixedCompound(first: string, second: string | undefined): string | null {
  if (!LETTER_PREFIXES.has(first) || second === undefined || !isPlainWord(second)) return null;
  return second.length >= MIN_COMPOUND_PART ? first + second : null;
}

/** Two neighbouring query tokens joined, when offers hold the joined word; else null. */
export function joinedCompound(first: string, second: string, known: KnownStem): string | null {
  if (!isPlainWord(first) || !isPlainWord(second)) return null;
  if (!isFirstHalf(first) || second.length < MIN_COMPOUND_PART) return null;
  const joined = first + second;
  return known(stem(joined)) ? joined : null;
}

/** The ways to cut a word in two words that offers hold (none for most words). */
export function splitCompound(word: string, known: KnownStem): string[][] {
  if (!isPlainWord(word)) return [];
  const out: string[][] = [];
  for (let k = 1; k + MIN_COMPOUND_PART <= word.length; k++) {
    const head = word.slice(0, k);
    if (!isFirstHalf(head)) continue;
    const tail = word.slice(k);
    if (known(stem(head)) && known(stem(tail))) out.push([head, tail]);
  }
  return out;
}

/**
 * The words typed with one pair of neighbours joined where offers hold the joined word
 * ("développeur back end", a synonym term, also as "développeur backend").
 */
export function joinedVariants(typed: readonly string[], known: KnownStem): string[][] {
  const out: string[][] = [];
  for (let k = 0; k + 1 < typed.length; k++) {
    const joined = joinedCompound(typed[k], typed[k + 1], known);
    if (joined) out.push([...typed.slice(0, k), joined, ...typed.slice(k + 2)]);
  }
  return out;
}
