/**
 * Which file column fills which pool-member field. The import proposes a field for each header
 * (import-columns.ts); the recruiter may name fields for some columns (`{"Mobile Phone":
 * "telephone", "Âge": null}`), the others keep the proposal. Email, names and the full name take
 * one column each; phone, tags and notes may take several (numbers joined into one phone cell,
 * whose first number is the phone and the others go to the notes; tags merged; notes joined, each
 * headed by its column). Every column that fills nothing is listed as ignored: no data is
 * dropped without the recruiter being told.
 */
import type { PoolMemberInput } from './pool-member.ts';
import {
  IMPORT_FIELDS,
  MULTI_COLUMN_FIELDS,
  fieldOfHeader,
  firstNamesFirst,
  isImportField,
  type ImportField,
} from './import-columns.ts';
import { ImportFormatError } from './csv-format.ts';
import type { ImportFileParams, ImportFileProblemCode } from './import-file-problems.ts';
import type { Cell, RowSource } from './row-source.ts';

/** A file column (position from 1) and the field it fills, null when ignored. */
export interface MappedColumn {
  position: number;
  header: string;
  field: ImportField | null;
}

export interface IgnoredColumn {
  position: number;
  header: string;
}

/** What the recruiter chose: header -> field, null to ignore the column. */
export type ExplicitMapping = Record<string, ImportField | null>;

const mappingError = (code: ImportFileProblemCode, params: ImportFileParams = {}) =>
  new ImportFormatError('mapping', code, params);

/** The multipart `mapping` field: a JSON object of header -> field or null. */
export function parseMapping(raw: string | undefined | null): ExplicitMapping | null {
  if (raw === undefined || raw === null || raw.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw mappingError('MAPPING_NOT_JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw mappingError('MAPPING_NOT_JSON');
  const entries = Object.entries(value as Record<string, unknown>);
  const unknown = entries.filter(([, f]) => f !== null && (typeof f !== 'string' || !isImportField(f)));
  if (unknown.length)
    throw mappingError('MAPPING_UNKNOWN_FIELDS', {
      unknown: unknown.flatMap(([h, f]) => [JSON.stringify(f), h]),
      fields: IMPORT_FIELDS,
    });
  return Object.fromEntries(entries) as ExplicitMapping;
}

/** Up to ten of the file's headers, to say what it has. */
const found = (header: string[]) =>
  header
    .map((h) => h.trim())
    .filter(Boolean)
    .slice(0, 10);

/**
 * The field of every column: the recruiter's choice first, then the proposal for the others. In a
 * workbook of several sheets (`workbook`), a sheet without an email column (its first sheet often
 * holds instructions) says which other sheets there are to choose from.
 */
export function resolveMapping(
  header: string[],
  explicit: ExplicitMapping | null,
  workbook: Pick<RowSource, 'sheet' | 'sheetNames'> = { sheet: null, sheetNames: [] },
): MappedColumn[] {
  const names = header.map((h) => h.trim());
  const missing = Object.keys(explicit ?? {}).filter((h) => !names.includes(h.trim()));
  if (missing.length) throw mappingError('MAPPING_UNKNOWN_COLUMNS', { missing, found: found(header) });
  const chosen = new Map(Object.entries(explicit ?? {}).map(([h, f]) => [h.trim(), f]));
  const columns: MappedColumn[] = names.map((h, i) => ({
    position: i + 1,
    header: h,
    field: chosen.has(h) ? chosen.get(h)! : null,
  }));
  for (const field of IMPORT_FIELDS) {
    const chosenFor = columns.filter((c) => chosen.has(c.header) && c.field === field);
    if (chosenFor.length > 1 && !MULTI_COLUMN_FIELDS.includes(field))
      throw mappingError('MAPPING_FIELD_TWICE', { field, columns: chosenFor.map((c) => c.header) });
  }
  // The proposal fills the other columns; a single-column field already filled stays with the first.
  for (const column of columns) {
    if (chosen.has(column.header)) continue;
    const field = fieldOfHeader(column.header);
    const taken = columns.some((c) => c !== column && c.field === field);
    if (field && (MULTI_COLUMN_FIELDS.includes(field) || !taken)) column.field = field;
  }
  if (!columns.some((c) => c.field === 'email')) {
    const others = workbook.sheetNames.filter((name) => name !== workbook.sheet);
    if (others.length === 0)
      throw new ImportFormatError('header', 'NO_EMAIL_COLUMN', { found: found(header) });
    throw new ImportFormatError('header', 'NO_EMAIL_COLUMN_IN_SHEET', {
      found: found(header),
      sheet: workbook.sheet ?? '',
      others,
    });
  }
  return columns;
}

export function ignoredColumns(columns: MappedColumn[]): IgnoredColumn[] {
  return columns.filter((c) => c.field === null).map(({ position, header }) => ({ position, header }));
}

/** Splits "MBARGA Jean Paul", "Mbarga, Jean" or "Jean Mbarga" into family name and first names. */
export function splitFullName(
  value: string,
  givenFirst: boolean,
): { nom: string | null; prenom: string | null } {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return { nom: null, prenom: null };
  const comma = text.indexOf(',');
  if (comma !== -1)
    return { nom: text.slice(0, comma).trim() || null, prenom: text.slice(comma + 1).trim() || null };
  const words = text.split(' ');
  if (words.length === 1) return { nom: text, prenom: null };
  // Cameroonian lists write the family name in capitals, before or after the first names.
  const capital = (w: string) =>
    /\p{L}/u.test(w) && w === w.toLocaleUpperCase('fr') && w !== w.toLocaleLowerCase('fr');
  const capitals = words.filter(capital);
  if (capitals.length > 0 && capitals.length < words.length)
    return { nom: capitals.join(' '), prenom: words.filter((w) => !capital(w)).join(' ') };
  return givenFirst
    ? { nom: words.at(-1)!, prenom: words.slice(0, -1).join(' ') }
    : { nom: words[0]!, prenom: words.slice(1).join(' ') };
}

/** A cell as text; a whole number in a phone column is its digits (699112233, never 6.99E+08). */
export function cellText(cell: Cell | undefined, field: ImportField): string {
  if (cell === undefined) return '';
  if (typeof cell === 'string') return cell;
  if (field === 'telephone' && Number.isSafeInteger(cell)) return cell.toFixed(0);
  return String(cell);
}

/** The non-empty cells at `positions`, as text. */
function textsAt(cells: Cell[], positions: number[], field: ImportField): string[] {
  const texts: string[] = [];
  for (const p of positions) {
    const value = cellText(cells[p - 1], field).trim();
    if (value) texts.push(value);
  }
  return texts;
}

const textAt = (cells: Cell[], p: number | undefined, field: ImportField): string | null =>
  p === undefined ? null : cellText(cells[p - 1], field);

/** Reads rows with a mapping: compiled once, applied to every row (no closure made per row). */
export function rowReader(columns: MappedColumn[]): (cells: Cell[]) => PoolMemberInput {
  const of = (field: ImportField) => columns.filter((c) => c.field === field);
  const single = (field: ImportField) => of(field)[0]?.position;
  const email = single('email');
  const nom = single('nom');
  const prenom = single('prenom');
  const full = of('nomComplet')[0];
  const givenFirst = full ? firstNamesFirst(full.header) : false;
  const phones = of('telephone').map((c) => c.position);
  const tags = of('tags').map((c) => c.position);
  const notes = of('notes');
  const notePositions = notes.map((c) => c.position);
  return (cells) => {
    const split = full ? splitFullName(textAt(cells, full.position, 'nomComplet') ?? '', givenFirst) : null;
    let noteText: string | null = null;
    if (notes.length === 1) noteText = textsAt(cells, notePositions, 'notes')[0] ?? null;
    else if (notes.length > 1) {
      const headers: string[] = [];
      const values: string[] = [];
      for (const c of notes) {
        const value = cellText(cells[c.position - 1], 'notes').trim();
        if (value) {
          headers.push(c.header);
          values.push(value);
        }
      }
      // Several filled note columns are each headed by their column; one keeps its bare text.
      noteText =
        values.length > 1 ? values.map((v, i) => `${headers[i]} : ${v}`).join('\n') : (values[0] ?? null);
    }
    return {
      email: textAt(cells, email, 'email'),
      nom: nom !== undefined ? textAt(cells, nom, 'nom') : (split?.nom ?? null),
      prenom: prenom !== undefined ? textAt(cells, prenom, 'prenom') : (split?.prenom ?? null),
      telephone: phones.length ? textsAt(cells, phones, 'telephone').join(' / ') || null : null,
      tags: tags.length ? textsAt(cells, tags, 'tags').join('|') || null : null,
      notes: noteText,
    };
  };
}
