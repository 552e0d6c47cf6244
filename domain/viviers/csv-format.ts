/**
 * What the talent-pool import accepts as CSV: text as spreadsheet programs save it (UTF-8 with or
 * without BOM, UTF-16 with BOM, Windows-1252: csv-encoding.ts), not binary content, `,`, `;` or
 * TAB as delimiter, detected from the header line (whose columns import-columns.ts names).
 * Checked at upload (a clear 415 or 400 at once) and again by the import job, which fails the
 * import with the same message.
 */
import {
  importFileMessage,
  type ImportFileParams,
  type ImportFileProblem,
  type ImportFileProblemCode,
} from './import-file-problems.ts';

export const SNIFF_BYTES = 64 * 1024;
const BINARY_CHECK_BYTES = 1024;

/**
 * The file cannot be imported at all; `kind` lets the API pick 415 (binary: not a file we read) or
 * 400 (header, mapping: the recruiter can fix the choice or the first line; syntax).
 */
export class ImportFormatError extends Error {
  readonly problem: ImportFileProblem;
  constructor(
    readonly kind: 'binary' | 'header' | 'syntax' | 'mapping',
    code: ImportFileProblemCode,
    params: ImportFileParams = {},
  ) {
    const problem = { code, params };
    super(importFileMessage(problem, 'en'));
    this.name = 'ImportFormatError';
    this.problem = problem;
  }
}

// C0 controls other than TAB, LF, VT, FF, CR and the old DOS end-of-file mark never occur in text.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CONTROL = /[\u0000-\u0008\u000e-\u0019\u001b-\u001f]/;

/** Refuses binary content (a zip, an image): control characters in the first KB of decoded text. */
export function checkText(headText: string): void {
  if (BINARY_CONTROL.test(headText.slice(0, BINARY_CHECK_BYTES)))
    throw new ImportFormatError('binary', 'BINARY_CONTENT');
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
  if (end === -1 && headBytes >= SNIFF_BYTES) throw new ImportFormatError('header', 'HEADER_TOO_LONG');
  return end === -1 ? headText : headText.slice(0, end);
}
