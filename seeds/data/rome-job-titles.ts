/**
 * The French job titles of the ROME (seeds/data/rome-job-titles.tsv, built from France Travail's
 * table by build-rome-job-titles.ts; source and licence in seeds/data/README.md): per occupation
 * (ROME code), its titles, the main one first when it was kept.
 */
import { MAX_TERMS } from '../../domain/search/synonym-groups.ts';
import { listCell, shippedTableRows } from './shipped-table.ts';

export interface RomeOccupation {
  /** The ROME code ("M1101"). */
  id: string;
  titles: string[];
}

export function romeOccupations(): RomeOccupation[] {
  return shippedTableRows('rome-job-titles.tsv').map(([id, titles]) => ({ id, titles: listCell(titles) }));
}

/**
 * An occupation as synonym groups: one group when its titles fit in a group (MAX_TERMS, the
 * synonyms admin's bound), else groups of MAX_TERMS titles that all hold the first title, so that
 * it still meets every other title of the occupation.
 */
export function romeSynonymGroups(occupations: RomeOccupation[]): string[][] {
  return occupations.flatMap(({ titles: [main, ...others] }) => {
    if (others.length < MAX_TERMS) return [[main, ...others]];
    const groups: string[][] = [];
    for (let at = 0; at < others.length; at += MAX_TERMS - 1)
      groups.push([main, ...others.slice(at, at + MAX_TERMS - 1)]);
    return groups;
  });
}
