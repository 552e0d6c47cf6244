/**
 * English titles for the ROME's occupations, learnt when seeding from the two shipped tables (no
 * other source): an ESCO occupation one of whose French titles is also a title of a ROME
 * occupation (compared as search compares them, by stems) lends that ROME occupation its English
 * titles, so an English title meets every French title of the ROME occupation, not only the offers
 * that hold the ESCO occupation's own French titles. An ESCO occupation whose titles meet several
 * ROME occupations goes to the one it shares most titles with (the first code on a tie).
 *
 * The first MAX_ENGLISH_PER_ROME titles lent go into the ROME occupation's own groups
 * (romeEnglishTitles); the lenders' other English titles (romeMoreEnglishTitles) into groups of
 * their own (rome-job-titles.ts, romeMoreEnglishGroups).
 */
import type { EscoOccupation } from './esco-job-titles.ts';
import type { RomeOccupation } from './rome-job-titles.ts';
import { signature } from './job-title-filters.ts';

/** English titles lent to one ROME occupation at most (the preferred title of each ESCO occupation first). */
export const MAX_ENGLISH_PER_ROME = 4;

type Lender = Pick<EscoOccupation, 'id' | 'fr' | 'en'> & { moreEn?: string[] };

/** The ESCO occupations lending their English titles to each ROME code, in table order. */
function lendersOf<E extends Lender>(rome: RomeOccupation[], esco: readonly E[]): Map<string, E[]> {
  const codesOf = new Map<string, Set<string>>();
  for (const r of rome)
    for (const t of r.titles) {
      const sig = signature(t);
      codesOf.set(sig, (codesOf.get(sig) ?? new Set()).add(r.id));
    }
  const lenders = new Map<string, E[]>();
  for (const e of esco) {
    if (!e.en.length) continue;
    const shared = new Map<string, number>();
    for (const t of e.fr)
      for (const code of codesOf.get(signature(t)) ?? []) shared.set(code, (shared.get(code) ?? 0) + 1);
    const best = [...shared].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (best) lenders.set(best[0], [...(lenders.get(best[0]) ?? []), e]);
  }
  return lenders;
}

/** The first MAX_ENGLISH_PER_ROME titles of the lenders: each one's preferred title first, then their others in turn. */
function firstTitles(lenders: readonly Lender[]): string[] {
  const lists = lenders.map((e) => e.en);
  const titles: string[] = [];
  const seen = new Set<string>();
  for (let k = 0; titles.length < MAX_ENGLISH_PER_ROME && lists.some((l) => k < l.length); k++)
    for (const list of lists) {
      const t = list[k];
      if (t === undefined || titles.length >= MAX_ENGLISH_PER_ROME || seen.has(signature(t))) continue;
      seen.add(signature(t));
      titles.push(t);
    }
  return titles;
}

/** The first MAX_ENGLISH_PER_ROME English titles lent to each ROME code. */
export function romeEnglishTitles(rome: RomeOccupation[], esco: readonly Lender[]): Map<string, string[]> {
  return new Map([...lendersOf(rome, esco)].map(([code, lenders]) => [code, firstTitles(lenders)]));
}

/**
 * Every other English title of the lenders of each ROME code: those romeEnglishTitles leaves out,
 * but for one the ROME lists too ("store manager").
 */
export function romeMoreEnglishTitles(
  rome: RomeOccupation[],
  esco: readonly EscoOccupation[],
): Map<string, string[]> {
  const titlesOf = new Map(rome.map((r) => [r.id, r.titles]));
  const out = new Map<string, string[]>();
  for (const [code, lenders] of lendersOf(rome, esco)) {
    const seen = new Set([...firstTitles(lenders), ...(titlesOf.get(code) ?? [])].map(signature));
    const more = lenders
      .flatMap((e) => [...e.en, ...e.moreEn])
      .filter((t) => !seen.has(signature(t)) && Boolean(seen.add(signature(t))));
    if (more.length) out.set(code, more);
  }
  return out;
}
