/**
 * The bilingual table of job titles (seeds/data/esco-job-titles.tsv, built from ESCO by
 * build-esco-job-titles.ts; source and licence in seeds/data/README.md): per occupation, its
 * French and English titles, seeded as one synonym group each.
 */
import { listCell, shippedTableRows } from './shipped-table.ts';

export interface EscoOccupation {
  /** The start of the ESCO concept id (http://data.europa.eu/esco/occupation/<id>...). */
  id: string;
  fr: string[];
  en: string[];
}

export function escoOccupations(): EscoOccupation[] {
  return shippedTableRows('esco-job-titles.tsv').map(([id, fr, en]) => ({
    id,
    fr: listCell(fr),
    en: listCell(en),
  }));
}
