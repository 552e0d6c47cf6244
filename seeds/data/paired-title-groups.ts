/**
 * Synonym groups in which each title of one list meets each title of another (an occupation's
 * French titles and its further English ones) within the synonyms admin's bound of MAX_TERMS terms
 * a group: every chunk of the English titles with every chunk of the French ones, a single group
 * when both fit.
 */
import { MAX_TERMS } from '../../domain/search/synonym-groups.ts';

/** The groups pairing `french` and `english`, at most `englishRoom` English titles a group. */
export function pairedTitleGroups(french: string[], english: string[], englishRoom: number): string[][] {
  if (french.length === 0 || english.length === 0) return [];
  const perGroup = Math.max(1, Math.min(english.length, englishRoom, MAX_TERMS - 1));
  const frenchRoom = MAX_TERMS - perGroup;
  const groups: string[][] = [];
  for (let f = 0; f < french.length; f += frenchRoom)
    for (let e = 0; e < english.length; e += perGroup)
      groups.push([...french.slice(f, f + frenchRoom), ...english.slice(e, e + perGroup)]);
  return groups;
}
