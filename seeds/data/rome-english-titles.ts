/**
 * English titles for the ROME's occupations, learnt when seeding from the two shipped tables (no
 * other source): an ESCO occupation one of whose French titles is also a title of a ROME
 * occupation (compared as search compares them, by stems) lends that ROME occupation its English
 * titles, so an English title meets every French title of the ROME occupation, not only the offers
 * that hold the ESCO occupation's own French titles. An ESCO occupation whose titles meet several
 * ROME occupations goes to the one it shares most titles with (the first code on a tie).
 */
import type { EscoOccupation } from './esco-job-titles.ts';
import type { RomeOccupation } from './rome-job-titles.ts';
import { signature } from './job-title-filters.ts';

/** English titles lent to one ROME occupation at most (the preferred title of each ESCO occupation first). */
export const MAX_ENGLISH_PER_ROME = 4;

export function romeEnglishTitles(
  rome: RomeOccupation[],
  esco: readonly Pick<EscoOccupation, 'id' | 'fr' | 'en'>[],
): Map<string, string[]> {
  const codesOf = new Map<string, Set<string>>();
  for (const r of rome)
    for (const t of r.titles) {
      const sig = signature(t);
      codesOf.set(sig, (codesOf.get(sig) ?? new Set()).add(r.id));
    }
  const lent = new Map<string, string[][]>();
  for (const e of esco) {
    if (!e.en.length) continue;
    const shared = new Map<string, number>();
    for (const t of e.fr)
      for (const code of codesOf.get(signature(t)) ?? []) shared.set(code, (shared.get(code) ?? 0) + 1);
    const best = [...shared].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (best) lent.set(best[0], [...(lent.get(best[0]) ?? []), e.en]);
  }
  const out = new Map<string, string[]>();
  for (const [code, lists] of lent) {
    // Each lender's preferred title first, then their other titles in turn.
    const titles: string[] = [];
    const seen = new Set<string>();
    for (let k = 0; titles.length < MAX_ENGLISH_PER_ROME && lists.some((l) => k < l.length); k++)
      for (const list of lists) {
        const t = list[k];
        if (t === undefined || titles.length >= MAX_ENGLISH_PER_ROME || seen.has(signature(t))) continue;
        seen.add(signature(t));
        titles.push(t);
      }
    out.set(code, titles);
  }
  return out;
}
