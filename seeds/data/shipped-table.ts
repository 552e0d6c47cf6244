/**
 * The tab-separated tables shipped in seeds/data, read from the sources or from the compiled copy
 * (dist/seeds/data, which holds no .tsv: they are read back in the sources).
 */
import { existsSync, readFileSync } from 'node:fs';

/** The rows of `file` under its header line, each as its cells. */
export function shippedTableRows(file: string): string[][] {
  const places = [
    new URL(`./${file}`, import.meta.url),
    new URL(`../../../seeds/data/${file}`, import.meta.url),
  ];
  const place = places.find((p) => existsSync(p));
  if (!place) throw new Error(`${file} not found next to seeds/data`);
  return readFileSync(place, 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

/** A cell holding a list (" | " between items). */
export const listCell = (cell: string | undefined): string[] => (cell ? cell.split(' | ') : []);
