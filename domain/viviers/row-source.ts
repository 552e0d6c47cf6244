/**
 * The rows of an import file, whatever the file: CSV text (csv-rows.ts) or an .xlsx sheet
 * (xlsx-rows.ts), both streamed so memory stays flat. A source reads the header when it opens and
 * then gives the data rows, each with the line the recruiter sees (the physical line of a CSV,
 * the row number of a sheet). `open` gives the file's bytes from the start, as often as asked:
 * a CSV is read twice (its encoding is decided on the whole file first).
 */
import { ImportFormatError, SNIFF_BYTES } from './csv-format.ts';
import type { CsvEncoding } from './csv-encoding.ts';
import { sniffImportFormat, type ImportFormat } from './import-file-format.ts';
import { openCsvRows } from './csv-rows.ts';
import { openXlsxRows } from './xlsx-rows.ts';
import { openOdsRows } from './ods-rows.ts';
import type { OpenBytes, RowSource } from './row-types.ts';

export type { Cell, OpenBytes, RowSource, SourceRow } from './row-types.ts';

export interface RowSourceOptions {
  /** Known from the upload; detected from the first bytes when absent. */
  format?: ImportFormat | null;
  /** xlsx: a sheet name, or its position from 1; the first visible sheet when absent. */
  sheet?: string | null;
  /** CSV: the encoding when it is known (decided as the upload arrived); detected when absent. */
  encoding?: CsvEncoding | null;
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
  if (format === 'ods') return openOdsRows(open, opts.sheet ?? null);
  if (opts.sheet) throw new ImportFormatError('mapping', 'SHEET_FOR_CSV');
  return openCsvRows(open, opts.encoding ?? null);
}
