/** The types every row reader shares: a cell, a row with its lines, an open source of rows. */
import type { CsvDelimiter } from './csv-format.ts';
import type { CsvEncoding } from './csv-encoding.ts';
import type { ImportFormat } from './import-file-format.ts';

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
