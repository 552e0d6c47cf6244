/**
 * What the talent-pool import accepts: UTF-8 text with or without a
 * BOM, a header row naming the columns in any order (email required; nom, prenom, telephone,
 * tags, notes optional; a few common spellings accepted, accents and case ignored), `,` or `;`
 * as delimiter, detected from the header line. Checked on the first bytes at upload (a clear 415
 * or 400 at once) and again by the import job, which fails the import with the same message.
 */
import { foldAccents } from '../shared/text.ts';

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

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Refuses what is not UTF-8 text: NUL bytes, UTF-16 BOMs or invalid UTF-8 in the first KB. */
export function checkText(head: Buffer): void {
  const start = head.subarray(0, 3).equals(BOM) ? 3 : 0;
  const first = head.subarray(start, start + BINARY_CHECK_BYTES);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new ImportFormatError('binary', 'The file is UTF-16 text: save it as CSV UTF-8');
  }
  if (first.includes(0))
    throw new ImportFormatError('binary', 'The file is not a CSV text file (binary content)');
  try {
    // stream: true tolerates a character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(first, { stream: true });
  } catch {
    throw new ImportFormatError('binary', 'The file is not UTF-8 text: save it as CSV UTF-8');
  }
}

/** The delimiter of the header line: the more frequent of ';' and ',' (outside quotes), ',' on a tie. */
export function detectDelimiter(headerLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas += 1;
    else if (!quoted && ch === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** The header line of the first bytes (BOM removed). */
export function headerLine(head: Buffer): string {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const end = text.search(/\r|\n/);
  if (end === -1 && head.length >= SNIFF_BYTES)
    throw new ImportFormatError('header', 'The first line is too long to be a CSV header');
  return end === -1 ? text : text.slice(0, end);
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

/** Everything checked on the first bytes: text, delimiter, email column. */
export function sniffCsv(head: Buffer): { delimiter: ',' | ';' } {
  if (head.length === 0) throw new ImportFormatError('header', 'The file is empty');
  checkText(head);
  const line = headerLine(head);
  const delimiter = detectDelimiter(line);
  requireEmailColumn(line.split(delimiter).map((h) => h.replace(/^\s*"|"\s*$/g, '')));
  return { delimiter };
}
