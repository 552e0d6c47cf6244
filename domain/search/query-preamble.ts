/**
 * The words a candidate puts before the job searched for, as in a search engine's box: "emploi
 * comptable", "offre d'emploi chauffeur", "je cherche un job de vendeur", "recrutement infirmier",
 * "job developer". Offers hold these words by chance (their descriptions say "offre d'emploi" or
 * nothing of it), so kept, they made every answer partial, or put first the offers whose
 * description happened to hold them. Dropped at the start of the query only, while a word is left,
 * and not where they start a job title of the synonyms ("job coach").
 */
import type { SynonymSet } from './synonym-set.ts';

/** Folded tokens (analyzer.ts): the stop-words ("je", "un", "de", "d'") are already gone. */
const PREAMBLE = new Set([
  'cherche',
  'offre',
  'offres',
  'emploi',
  'emplois',
  'job',
  'jobs',
  'recrutement',
  'recrute',
  'urgent',
  'hiring',
  'vacancy',
  'vacancies',
  'looking',
]);

/** Words of job titles too ("chargé de recherche", "recherche clinique"): preamble only before another one ("recherche d'emploi"). */
const PREAMBLE_BEFORE_ANOTHER = new Set(['recherche']);

/** `toks` without the preamble words at its start. */
export function withoutPreamble(toks: readonly string[], synonyms: SynonymSet): readonly string[] {
  let at = 0;
  while (at < toks.length - 1) {
    const token = toks[at];
    const preamble =
      PREAMBLE.has(token) || (PREAMBLE_BEFORE_ANOTHER.has(token) && PREAMBLE.has(toks[at + 1]));
    if (!preamble || (synonyms.longestAt(toks, at)?.length ?? 0) > 1) break;
    at += 1;
  }
  return at === 0 ? toks : toks.slice(at);
}
