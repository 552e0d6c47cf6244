/**
 * The bilingual table of job titles (seeds/data/esco-job-titles.tsv, built from ESCO by
 * build-esco-job-titles.ts; source and licence in seeds/data/README.md): per occupation, its
 * French and English titles, seeded as one synonym group each, and its other English titles,
 * seeded with its French titles in further groups (escoMoreEnglishGroups).
 */
import { MAX_TERMS } from '../../domain/search/synonym-groups.ts';
import { pairedTitleGroups } from './paired-title-groups.ts';
import { listCell, shippedTableRows } from './shipped-table.ts';

export interface EscoOccupation {
  /** The start of the ESCO concept id (http://data.europa.eu/esco/occupation/<id>...). */
  id: string;
  fr: string[];
  /** The English titles of its first group: the preferred one and the shortest alternatives. */
  en: string[];
  /** Its other English titles (British, then American spellings), in no group of the first set. */
  moreEn: string[];
}

/**
 * Words of French job ads that English titles of the table also are, with another meaning: "stage"
 * is an internship in an ad, a theatre's stage in ESCO (an English title of the stage manager).
 * Such a title is left out, and the word is no English word to translate (esco-word-translations.ts).
 */
export const FRENCH_AD_WORDS: ReadonlySet<string> = new Set(['stage']);

/**
 * The table's occupations. `asFirstShipped`: with the English titles FRENCH_AD_WORDS leaves out, as
 * the first releases seeded them (seeds/search-synonyms.ts corrects those groups).
 */
export function escoOccupations(options: { asFirstShipped?: boolean } = {}): EscoOccupation[] {
  const kept = (titles: string[]) =>
    options.asFirstShipped ? titles : titles.filter((t) => !FRENCH_AD_WORDS.has(t.toLowerCase()));
  return shippedTableRows('esco-job-titles.tsv').map(([id, fr, en, moreEn]) => ({
    id,
    fr: listCell(fr),
    en: kept(listCell(en)),
    moreEn: kept(listCell(moreEn)),
  }));
}

/**
 * The other English titles of each occupation as synonym groups that hold all its French titles
 * (as many groups as MAX_TERMS, the synonyms admin's bound, needs), so that any of them meets every
 * French title.
 */
export function escoMoreEnglishGroups(occupations: readonly EscoOccupation[]): string[][] {
  return occupations.flatMap(({ fr, moreEn }) => pairedTitleGroups(fr, moreEn, MAX_TERMS - fr.length));
}
