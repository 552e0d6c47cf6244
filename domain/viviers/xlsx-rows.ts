/**
 * The rows of one sheet of an .xlsx workbook, through exceljs's streaming WorkbookReader: the zip
 * is read as it streams in; sheets that come before the shared strings in the zip wait in
 * temporary files (exceljs), and the shared strings are held in memory (bench/import.ts measures
 * it). The sheet is the one asked for (name, or position from 1 in tab order), else the first
 * visible one. The header is its first non-empty row; line numbers are the sheet's row numbers.
 * A number whose cell is formatted as a date (or a date and time) is read as the date, in ISO 8601,
 * never as Excel's serial number.
 *
 * exceljs 4.4 decodes each chunk of XML on its own, so an accented letter cut between two chunks
 * becomes two U+FFFD: every part it reads is decoded here with a streaming UTF-8 decoder first.
 */
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';
import { ImportFormatError } from './csv-format.ts';
import type { Cell, OpenBytes, RowSource, SourceRow } from './row-types.ts';
import { chooseSheet, isBlankRow, type SheetEntry } from './sheet-choice.ts';

/** What the streaming reader holds beyond its typings. */
interface ReaderInternals {
  model?: { sheets?: SheetEntry[] };
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseRels(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
}

type SheetReader = ExcelJS.stream.xlsx.WorksheetReader & {
  name?: string;
  iterator?: { destroy?: () => void };
};

async function* utf8Text(chunks: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

function workbookReader(
  excel: typeof ExcelJS,
  input: Readable,
): ExcelJS.stream.xlsx.WorkbookReader & ReaderInternals {
  const reader = new excel.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // The cells' number formats say which numbers are dates: with them exceljs gives a Date
    // where it would give Excel's serial number (45292 for 2024-01-01).
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  }) as ExcelJS.stream.xlsx.WorkbookReader & ReaderInternals;
  const sharedStrings = reader._parseSharedStrings.bind(reader);
  const worksheet = reader._parseWorksheet.bind(reader);
  const workbook = reader._parseWorkbook.bind(reader);
  const rels = reader._parseRels.bind(reader);
  const styles = reader._parseStyles.bind(reader);
  reader._parseSharedStrings = (entry) => sharedStrings(entry.setEncoding('utf8'));
  reader._parseWorkbook = (entry) => workbook(entry.setEncoding('utf8'));
  reader._parseRels = (entry) => rels(entry.setEncoding('utf8'));
  reader._parseStyles = (entry) => styles(entry.setEncoding('utf8'));
  reader._parseWorksheet = (iterator, sheetNo) => {
    // A sheet waiting in a temporary file is a file stream: skipping the sheet must close it.
    const text: AsyncGenerator<string> & { destroy?: () => void } = utf8Text(iterator);
    text.destroy = () => (iterator as { destroy?: () => void }).destroy?.();
    return worksheet(text, sheetNo);
  };
  return reader;
}

/**
 * A workbook date in ISO 8601: `2024-03-15`, or `2024-03-15T08:30:00` when it has a time of day.
 * Excel's dates have no time zone: exceljs gives the wall-clock time as UTC, written as such.
 */
export function isoDate(value: Date): string {
  if (Number.isNaN(value.getTime())) return '';
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

/** A cell value as exceljs gives it: text, a number, or an object (rich text, formula, link, error). */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
    if ('result' in v) return cellOf(v.result);
    if ('text' in v) return cellOf(v.text);
    if ('error' in v) return '';
  }
  return String(value);
}

/** A row's cells from position 1 (exceljs's `values` starts at index 1 and has holes). */
function cellsOf(values: unknown): Cell[] {
  const list = Array.isArray(values) ? values : [];
  const cells: Cell[] = [];
  for (let i = 1; i < list.length; i++) cells.push(cellOf(list[i]));
  return cells;
}

const unreadable = (err: unknown) =>
  err instanceof ImportFormatError
    ? err
    : new ImportFormatError('syntax', 'WORKBOOK_UNREADABLE', {
        reason: err instanceof Error ? err.message.slice(0, 200) : 'unknown error',
      });

/**
 * Reads a sheet to its end without keeping its rows. A skipped sheet is never destroyed half-read:
 * exceljs may have parked it in a temporary file that it removes on its own schedule, and closing
 * its stream early made it reopen a removed file (an uncaught ENOENT) about once in 300 reads.
 */
async function drain(sheet: SheetReader): Promise<void> {
  for await (const row of sheet as AsyncIterable<unknown>) void row;
}

export async function openXlsxRows(open: OpenBytes, wanted: string | null): Promise<RowSource> {
  // Loaded when a workbook is read (about 0.2 s of CPU), not at every start of the API.
  const { default: excel } = await import('exceljs');
  const input = Readable.from(open(), { objectMode: false });
  const reader = workbookReader(excel, input);
  const sheets = reader[Symbol.asyncIterator]();
  let current: SheetReader | null = null;
  let rowIterator: AsyncIterator<ExcelJS.Row> | null = null;
  let target: string | null = null;
  let sheetNames: string[] = [];

  /** Skips sheets (their temporary files are removed as the reader moves on) up to the chosen one. */
  const nextChosen = async (): Promise<SheetReader | null> => {
    for (;;) {
      const next = await sheets.next();
      if (next.done) return null;
      const sheet = next.value as SheetReader;
      // Held where close() finds it: a sheet left half-read when choosing fails (an unknown sheet)
      // must be drained too, or its stream errors after the input is destroyed.
      current = sheet;
      if (target === null) {
        const listed = reader.model?.sheets ?? [];
        sheetNames = listed.map((s) => s.name);
        target = chooseSheet(listed, wanted);
      }
      if (sheet.name === target) return sheet;
      await drain(sheet);
      current = null;
    }
  };

  const close = async () => {
    // Reading the remaining sheets to their end lets exceljs remove its temporary files itself.
    try {
      if (rowIterator) await rowIterator.return?.();
      else if (current) await drain(current);
      for (let next = await sheets.next(); !next.done; next = await sheets.next())
        await drain(next.value as SheetReader);
    } catch {
      // the reader failed or was stopped: nothing more to free but the input
    }
    input.destroy();
  };

  try {
    current = await nextChosen();
    if (!current) throw new ImportFormatError('header', 'NO_SHEET');
    const sheetRows = (current as AsyncIterable<ExcelJS.Row>)[Symbol.asyncIterator]();
    rowIterator = sheetRows;
    const nextRow = async (): Promise<SourceRow | null> => {
      try {
        const next = await sheetRows.next();
        if (next.done) return null;
        const line = next.value.number;
        return { line, endLine: line, cells: cellsOf(next.value.values) };
      } catch (err) {
        throw unreadable(err);
      }
    };
    let header = await nextRow();
    while (header && isBlankRow(header.cells)) header = await nextRow();
    if (!header) throw new ImportFormatError('header', 'SHEET_EMPTY', { sheet: target ?? '' });
    const headerCells = header.cells.map((c) => String(c));
    async function* rows(): AsyncGenerator<SourceRow> {
      for (let row = await nextRow(); row; row = await nextRow()) yield row;
    }
    return {
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      sheet: target,
      sheetNames,
      header: headerCells,
      rows: rows(),
      close,
    };
  } catch (err) {
    await close();
    throw unreadable(err);
  }
}
