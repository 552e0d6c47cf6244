/**
 * The bilingual table of job titles (seeds/data/esco-job-titles.tsv, built from ESCO by
 * build-esco-job-titles.ts; source and licence in seeds/data/README.md): per occupation, its
 * French and English titles, seeded as one synonym group each.
 */
import { existsSync, readFileSync } from 'node:fs';

export interface EscoOccupation {
  /** The start of the ESCO concept id (http://data.europa.eu/esco/occupation/<id>...). */
  id: string;
  fr: string[];
  en: string[];
}

const FILE = 'esco-job-titles.tsv';
/** Next to this module in the sources; from the compiled copy (dist/seeds/data), back in the sources. */
const PLACES = [
  new URL(`./${FILE}`, import.meta.url),
  new URL(`../../../seeds/data/${FILE}`, import.meta.url),
];

export function escoOccupations(): EscoOccupation[] {
  const place = PLACES.find((p) => existsSync(p));
  if (!place) throw new Error(`${FILE} not found next to seeds/data`);
  const split = (cell: string) => (cell ? cell.split(' | ') : []);
  return readFileSync(place, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => {
      const [id, fr, en] = line.split('\t');
      return { id, fr: split(fr), en: split(en) };
    });
}
