/**
 * What the talent-pool import accepts: text as spreadsheet programs save it (UTF-8 with or
 * without BOM, UTF-16 with BOM, Windows-1252: csv-encoding.ts), a header row naming the columns in
 * any order (email required; nom, prenom, telephone, tags, notes optional; a few common spellings
 * accepted, accents and case ignored), `,`, `;` or TAB as delimiter, detected from the header line.
 * Checked on the first bytes at upload (a clear 415 or 400 at once) and again by the import job,
 * which fails the import with the same message.
 */
import { foldAccents } from '../shared/text.ts';
import { decodeHead, type CsvEncoding } from './csv-encoding.ts';

export const SNIFF_BYTES = 64 * 1024;
const BINARY_CHECK_BYTES = 1024;

export type ImportColumn = 'email' | 'nom' | 'prenom' | 'telephone' | 'tags' | 'notes';

/** The file cannot be imported at all; `kind` lets the API pick 415 (binary) or 400 (header). */
export class ImportFormatError extends Error {
  constructor(
    readonly kind: 'binary' | 'header' | 'syntax',
    message: string,
  ) {
    super(message);
    this.name = 'ImportFormatError';
  }
}

const ALIASES: Record<string, ImportColumn> = {
  email: 'email',
  mail: 'email',
  courriel: 'email',
  adressemail: 'email',
  adresseemail: 'email',
  nom: 'nom',
  name: 'nom',
  lastname: 'nom',
  nomdefamille: 'nom',
  prenom: 'prenom',
  firstname: 'prenom',
  telephone: 'telephone',
  tel: 'telephone',
  phone: 'telephone',
  portable: 'telephone',
  mobile: 'telephone',
  tags: 'tags',
  tag: 'tags',
  etiquettes: 'tags',
  competences: 'tags',
  notes: 'notes',
  note: 'notes',
  commentaire: 'notes',
  commentaires: 'notes',
};

/** Header name -> our column, or null for a column we ignore. */
export function columnOf(header: string): ImportColumn | null {
  const key = foldAccents(header)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return ALIASES[key] ?? null;
}

// C0 controls other than TAB, LF, VT, FF, CR and the old DOS end-of-file mark never occur in text.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u0019\u001b-\u001f]/;

/** Refuses binary content (a zip, an image): control characters in the first KB of decoded text. */
export function checkText(headText: string): void {
  if (BINARY_CONTROL.test(headText.slice(0, BINARY_CHECK_BYTES)))
    throw new ImportFormatError('binary', 'The file is not a CSV text file (binary content)');
}

export type CsvDelimiter = ',' | ';' | '\t';

/** The delimiter of the header line: the most frequent of ',' ';' TAB outside quotes, ',' on a tie. */
export function detectDelimiter(headerLine: string): CsvDelimiter {
  const counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch] += 1;
  }
  let best: CsvDelimiter = ',';
  for (const d of [';', '\t'] as const) if (counts[d] > counts[best]) best = d;
  return best;
}

/** The header line of the first decoded characters. */
export function headerLine(headText: string, headBytes: number): string {
  const end = headText.search(/\r|\n/);
  if (end === -1 && headBytes >= SNIFF_BYTES)
    throw new ImportFormatError('header', 'The first line is too long to be a CSV header');
  return end === -1 ? headText : headText.slice(0, end);
}

/** Checks that the parsed header has an email column. */
export function requireEmailColumn(headers: string[]): (ImportColumn | null)[] {
  const columns = headers.map(columnOf);
  if (!columns.includes('email')) {
    const found =
      headers
        .map((h) => h.trim())
        .filter(Boolean)
        .slice(0, 10)
        .join(', ') || 'nothing';
    throw new ImportFormatError('header', `The header (line 1) has no "email" column; found: ${found}`);
  }
  return columns;
}

/** Everything checked on the first bytes, once the encoding is known: text, delimiter, email column. */
export function sniffCsv(head: Buffer, encoding: CsvEncoding): { delimiter: CsvDelimiter } {
  if (head.length === 0) throw new ImportFormatError('header', 'The file is empty');
  const text = decodeHead(head, encoding);
  checkText(text);
  const line = headerLine(text, head.length);
  const delimiter = detectDelimiter(line);
  requireEmailColumn(line.split(delimiter).map((h) => h.replace(/^\s*"|"\s*$/g, '')));
  return { delimiter };
}
