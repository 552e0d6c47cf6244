/**
 * What makes a job title fit to be a synonym term, shared by the builders of the shipped tables
 * (build-esco-job-titles.ts, build-rome-job-titles.ts). Search compares stems, so two titles that
 * analyse to the same stems are one title (`signature`); a title that several occupations list
 * would join them (`occurrences`); a one-word title that starts the titles of several other
 * occupations ("conseiller", "acheteur") would pull their offers into its group's answers.
 */
import { stem, tokens } from '../../domain/search/analyzer.ts';
import { MAX_TERM_LENGTH } from '../../domain/search/synonym-groups.ts';

/** A title as search sees it: the stems of its tokens. */
export const signature = (title: string): string => tokens(title).map(stem).join(' ');

/** In how many of `lists` (one list an occupation) each signature appears. */
export function occurrences(lists: string[][]): Map<string, number> {
  const n = new Map<string, number>();
  for (const list of lists) for (const sig of new Set(list.map(signature))) n.set(sig, (n.get(sig) ?? 0) + 1);
  return n;
}

/** For each first stem of a title of several words, the occupations whose titles start with it. */
export function headsOf(occupations: { id: string; titles: string[] }[]): Map<string, Set<string>> {
  const heads = new Map<string, Set<string>>();
  for (const o of occupations)
    for (const t of o.titles) {
      const toks = tokens(t).map(stem);
      if (toks.length > 1) heads.set(toks[0], (heads.get(toks[0]) ?? new Set()).add(o.id));
    }
  return heads;
}

/**
 * Whether `title` of occupation `id` may be a synonym term: short enough for the synonyms admin,
 * listed by at most two occupations, and, for one word, heading the titles of fewer than three
 * other occupations.
 */
export function fitsAsTerm(
  title: string,
  id: string,
  shared: Map<string, number>,
  heads: Map<string, Set<string>>,
): boolean {
  const sig = signature(title);
  if (title.length > MAX_TERM_LENGTH || sig === '' || (shared.get(sig) ?? 0) > 2) return false;
  if (sig.includes(' ')) return true;
  return [...(heads.get(sig) ?? [])].filter((other) => other !== id).length < 3;
}

/** `titles` without those that analyse like an earlier one. */
export function distinctTitles(titles: string[]): string[] {
  const seen = new Set<string>();
  return titles.filter((t) => {
    const sig = signature(t);
    if (seen.has(sig)) return false;
    seen.add(sig);
    return true;
  });
}
