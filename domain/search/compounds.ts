/**
 * Compound words written in one word or two: "backend" and "back-end", "fullstack" and "full
 * stack", "téléconseiller" and "télé-conseiller". The analyzer splits at hyphens, so an ad's
 * "Développeur Back-End" holds the words back and end, another's "Backend" one word: a query
 * meets both when the other writing is a word offers hold. Each half has at least
 * MIN_COMPOUND_PART letters, so "e-commerce" and "ecommerce" stay apart rather than reading every
 * word that starts with a letter as a compound.
 */
import { isPlainWord, stem } from './analyzer.ts';
import type { KnownStem } from './synonym-set.ts';

export const MIN_COMPOUND_PART = 3;

/** Two neighbouring query tokens joined, when offers hold the joined word; else null. */
export function joinedCompound(first: string, second: string, known: KnownStem): string | null {
  if (!isPlainWord(first) || !isPlainWord(second)) return null;
  if (first.length < MIN_COMPOUND_PART || second.length < MIN_COMPOUND_PART) return null;
  const joined = first + second;
  return known(stem(joined)) ? joined : null;
}

/** The ways to cut a word in two words that offers hold (none for most words). */
export function splitCompound(word: string, known: KnownStem): string[][] {
  if (!isPlainWord(word)) return [];
  const out: string[][] = [];
  for (let k = MIN_COMPOUND_PART; k + MIN_COMPOUND_PART <= word.length; k++) {
    const head = word.slice(0, k);
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
