/**
 * The French job titles of the ROME (seeds/data/rome-job-titles.tsv, built from France Travail's
 * table by build-rome-job-titles.ts; source and licence in seeds/data/README.md): per occupation
 * (ROME code), its titles, the main one first when it was kept.
 */
import { MAX_TERMS } from '../../domain/search/synonym-groups.ts';
import { listCell, shippedTableRows } from './shipped-table.ts';
import { signature } from './job-title-filters.ts';
import { pairedTitleGroups } from './paired-title-groups.ts';

export interface RomeOccupation {
  /** The ROME code ("M1101"). */
  id: string;
  titles: string[];
}

export function romeOccupations(): RomeOccupation[] {
  return shippedTableRows('rome-job-titles.tsv').map(([id, titles]) => ({ id, titles: listCell(titles) }));
}

/**
 * An occupation as synonym groups: one group when its titles (and the English titles lent to it,
 * rome-english-titles.ts) fit in a group (MAX_TERMS, the synonyms admin's bound), else groups of
 * MAX_TERMS terms that all hold the first title and the English ones, so that they still meet
 * every other title of the occupation.
 */
export function romeSynonymGroups(
  occupations: RomeOccupation[],
  english: ReadonlyMap<string, string[]> = new Map(),
): string[][] {
  return occupations.flatMap(({ id, titles: [main, ...others] }) => {
    const french = new Set([main, ...others].map(signature));
    const shared = [main, ...(english.get(id) ?? []).filter((t) => !french.has(signature(t)))];
    const room = MAX_TERMS - shared.length;
    if (others.length <= room) return [[...shared, ...others]];
    const groups: string[][] = [];
    for (let at = 0; at < others.length; at += room) groups.push([...shared, ...others.slice(at, at + room)]);
    return groups;
  });
}

/** English titles a group of romeMoreEnglishGroups holds at most; French titles fill the rest. */
const MORE_ENGLISH_PER_GROUP = 10;

/**
 * The other English titles lent to each occupation (rome-english-titles.ts, romeMoreEnglishTitles)
 * as synonym groups in which each of them meets every French title of the occupation
 * (paired-title-groups.ts), MORE_ENGLISH_PER_GROUP English titles a group at most.
 */
export function romeMoreEnglishGroups(
  occupations: RomeOccupation[],
  more: ReadonlyMap<string, string[]>,
): string[][] {
  return occupations.flatMap(({ id, titles }) =>
    pairedTitleGroups(titles, more.get(id) ?? [], MORE_ENGLISH_PER_GROUP),
  );
}
