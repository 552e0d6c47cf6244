/**
 * The rows of an import file, whatever the file: CSV text (csv-rows.ts) or an .xlsx sheet
 * (xlsx-rows.ts), both streamed so memory stays flat. A source reads the header when it opens and
 * then gives the data rows, each with the line the recruiter sees (the physical line of a CSV,
 * the row number of a sheet). `open` gives the file's bytes from the start, as often as asked:
 * a CSV is read twice (its encoding is decided on the whole file first).
 */
import { ImportFormatError, SNIFF_BYTES } from './csv-format.ts';
import type { CsvDelimiter } from './csv-format.ts';
import type { CsvEncoding } from './csv-encoding.ts';
import { sniffImportFormat, type ImportFormat } from './import-file-format.ts';
import { openCsvRows } from './csv-rows.ts';
import { openXlsxRows } from './xlsx-rows.ts';

/** A cell: text, or a number a workbook typed as a number. */
export type Cell = string | number;

export interface SourceRow {
  /** Where the row starts: the header is line 1 of a CSV, a sheet's rows keep their numbers. */
  line: number;
  /** Where it ends (a CSV cell may hold line breaks): a resumed import skips rows up to here. */
  endLine: number;
  cells: Cell[];
}

export interface RowSource {
  format: ImportFormat;
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
  /** The sheet read (xlsx), and every sheet of the workbook in tab order. */
  sheet: string | null;
  sheetNames: string[];
  header: string[];
  /** The data rows after the header; iterate once. */
  rows: AsyncIterable<SourceRow>;
  /** Stops reading and frees what the reader holds (streams, temporary files). */
  close(): Promise<void>;
}

export type OpenBytes = () => AsyncIterable<Buffer>;

export interface RowSourceOptions {
  /** Known from the upload; detected from the first bytes when absent. */
  format?: ImportFormat | null;
  /** xlsx: a sheet name, or its position from 1; the first visible sheet when absent. */
  sheet?: string | null;
}

/** The first bytes of the file (at most SNIFF_BYTES). */
export async function readHead(open: OpenBytes, max = SNIFF_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = open()[Symbol.asyncIterator]();
  try {
    while (size < max) {
      const next = await iterator.next();
      if (next.done) break;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    await iterator.return?.();
  }
  return Buffer.concat(chunks).subarray(0, max);
}

export async function openRowSource(open: OpenBytes, opts: RowSourceOptions = {}): Promise<RowSource> {
  const format = opts.format ?? sniffImportFormat(await readHead(open));
  if (format === 'xlsx') return openXlsxRows(open, opts.sheet ?? null);
  if (opts.sheet)
    throw new ImportFormatError('mapping', 'sheet is for .xlsx workbooks; this file is CSV text');
  return openCsvRows(open);
}
