/**
 * Which sheet of a workbook (.xlsx or .ods) an import reads: the one asked for, by name (case and
 * surrounding spaces aside) or by position from 1 in tab order, else the first visible one.
 */
import { ImportFormatError } from './csv-format.ts';

export interface SheetEntry {
  name: string;
  /** 'visible' when absent; 'hidden' or 'veryHidden' sheets are not chosen by default. */
  state?: string;
}

export function chooseSheet(sheets: SheetEntry[], wanted: string | null): string {
  const names = sheets.map((s) => s.name);
  if (wanted === null) {
    const first = sheets.find((s) => !s.state || s.state === 'visible') ?? sheets[0];
    if (!first) throw new ImportFormatError('header', 'NO_SHEET');
    return first.name;
  }
  const byName =
    names.find((n) => n === wanted) ??
    names.find((n) => n.trim().toLowerCase() === wanted.trim().toLowerCase());
  if (byName !== undefined) return byName;
  const position = /^\d+$/.test(wanted.trim()) ? Number(wanted.trim()) : 0;
  if (position >= 1 && position <= names.length) return names[position - 1]!;
  throw new ImportFormatError('mapping', 'SHEET_NOT_FOUND', { sheet: wanted, sheets: names });
}

/** A row whose cells are all blank (spreadsheets pad their sheets with them). */
export const isBlankRow = (cells: readonly (string | number)[]) =>
  cells.every((c) => typeof c === 'string' && c.trim() === '');
