/**
 * GET /offres/autocomplete?q=: at most 10 suggestions {type, value} from the search index of
 * public offers: titles, skills and company names one of whose words starts with the last word
 * typed (accents and case ignored). Ranking: a value that itself starts with the prefix first,
 * then how many public offers carry it, then alphabetical. Slots: up to 5 titles, 3 skills,
 * 2 companies, then free slots go to whatever is left.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import type { Suggestion as SuggestionShape } from '../shapes/index.ts';
import { fold, words, readySearch } from '../search/index.ts';

/** The static type of the Suggestion shape (domain/shapes/offre.ts). */
export type Suggestion = Static<typeof SuggestionShape>;
export type SuggestionType = Suggestion['type'];

export const MAX_SUGGESTIONS = 10;
const SLOTS: [SuggestionType, number][] = [
  ['TITRE', 5],
  ['COMPETENCE', 3],
  ['ENTREPRISE', 2],
];
/** Values read per kind before ranking. */
const CANDIDATES = 2000;

/** Distinct values ranked: value starting with the prefix first, then frequency, then alphabetical. */
function rank(entries: { value: string; n: number }[], prefix: string): string[] {
  return entries
    .map((e) => ({ ...e, key: fold(e.value) }))
    .sort(
      (a, b) =>
        Number(b.key.startsWith(prefix)) - Number(a.key.startsWith(prefix)) ||
        b.n - a.n ||
        a.key.localeCompare(b.key),
    )
    .map((e) => e.value);
}

export async function autocompleteOffres(ctx: Ctx, q: string): Promise<Suggestion[]> {
  // One word: the last one typed, letters and digits only (the rest is a separator, never syntax).
  const typed = (words(q).pop() ?? '').slice(0, 40);
  if (!typed) return [];
  const prefix = fold(typed);
  const { index } = await readySearch(ctx);
  const ranked: Record<SuggestionType, string[]> = {
    TITRE: rank(index.suggestions.TITRE.withPrefix(prefix, CANDIDATES), prefix),
    COMPETENCE: rank(index.suggestions.COMPETENCE.withPrefix(prefix, CANDIDATES), prefix),
    ENTREPRISE: rank(index.suggestions.ENTREPRISE.withPrefix(prefix, CANDIDATES), prefix),
  };
  // Each type gets its slots; slots a type cannot fill go to the next types, in order.
  const take: Record<SuggestionType, number> = { TITRE: 0, COMPETENCE: 0, ENTREPRISE: 0 };
  let free = MAX_SUGGESTIONS;
  for (const [type, slots] of SLOTS) {
    take[type] = Math.min(slots, ranked[type].length);
    free -= take[type];
  }
  for (const [type] of SLOTS) {
    const more = Math.min(free, ranked[type].length - take[type]);
    take[type] += more;
    free -= more;
  }
  const out = SLOTS.flatMap(([type]) => ranked[type].slice(0, take[type]).map((value) => ({ type, value })));
  return out.slice(0, MAX_SUGGESTIONS);
}
