/**
 * The rows of one sheet of an OpenDocument spreadsheet (.ods, LibreOffice Calc's own format),
 * streamed: the zip is inflated as it arrives (fflate's streaming Unzip) and its content.xml read
 * by an XML tokenizer (saxes), pulling the next bytes only when the rows read so far are used, so
 * memory stays flat whatever the file's size. No library on npm streams an .ods (SheetJS reads the
 * whole file into memory); the sheet structure is read here.
 *
 * content.xml holds every sheet in tab order: a first pass lists them (names, hidden ones), a
 * second reads the chosen one. A row or cell repeated (`table:number-rows-repeated`,
 * `-columns-repeated`: Calc pads every sheet with a million empty rows and a thousand empty
 * columns) counts for its repeats but blank ones are never built. Cells are read as the .xlsx
 * reader reads them: a number as a number (a phone typed as 699112233 stays its digits), a date
 * as ISO 8601 (`2024-03-15`, `2024-03-20T08:30:00`), a boolean TRUE or FALSE, an error empty,
 * anything else as the text shown (paragraphs on lines of their own, comments left out). Line
 * numbers are the sheet's row numbers.
 */
import { StringDecoder } from 'node:string_decoder';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { SaxesParser } from 'saxes';
import { ImportFormatError } from './csv-format.ts';
import type { Cell, OpenBytes, RowSource, SourceRow } from './row-types.ts';
import { chooseSheet, isBlankRow, type SheetEntry } from './sheet-choice.ts';

const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const TABLE = 'urn:oasis:names:tc:opendocument:xmlns:table:1.0';
const TEXT = 'urn:oasis:names:tc:opendocument:xmlns:text:1.0';
const STYLE = 'urn:oasis:names:tc:opendocument:xmlns:style:1.0';
const CALCEXT = 'urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0';

/** An OpenDocument sheet's limits (LibreOffice 7.4): repeats beyond them are not believed. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

/**
 * The qualified names of what is read, with the prefixes the document declares on its root
 * element (every ODF producer declares them there; a namespace it does not declare matches
 * nothing). The tokenizer then skips resolving namespaces, a fifth of its time in a profile.
 */
function odfNames(rootAttributes: Record<string, string>) {
  const prefixes = new Map<string, string>();
  for (const [key, uri] of Object.entries(rootAttributes))
    if (key.startsWith('xmlns:')) prefixes.set(uri, key.slice('xmlns:'.length));
  const q = (uri: string, local: string) => {
    const prefix = prefixes.get(uri);
    return prefix === undefined ? '\u0000' : `${prefix}:${local}`;
  };
  return {
    style: q(STYLE, 'style'),
    styleFamily: q(STYLE, 'family'),
    styleName: q(STYLE, 'name'),
    tableProperties: q(STYLE, 'table-properties'),
    display: q(TABLE, 'display'),
    table: q(TABLE, 'table'),
    tableName: q(TABLE, 'name'),
    tableStyle: q(TABLE, 'style-name'),
    row: q(TABLE, 'table-row'),
    rowsRepeated: q(TABLE, 'number-rows-repeated'),
    cell: q(TABLE, 'table-cell'),
    coveredCell: q(TABLE, 'covered-table-cell'),
    columnsRepeated: q(TABLE, 'number-columns-repeated'),
    valueType: q(OFFICE, 'value-type'),
    value: q(OFFICE, 'value'),
    dateValue: q(OFFICE, 'date-value'),
    booleanValue: q(OFFICE, 'boolean-value'),
    calcValueType: q(CALCEXT, 'value-type'),
    annotation: q(OFFICE, 'annotation'),
    p: q(TEXT, 'p'),
    h: q(TEXT, 'h'),
    s: q(TEXT, 's'),
    spaces: q(TEXT, 'c'),
    tab: q(TEXT, 'tab'),
    lineBreak: q(TEXT, 'line-break'),
  };
}

const repeats = (value: string | undefined, max: number) => {
  const n = Number(value ?? 1);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
};

/** `2024-03-15`, or `2024-03-20T08:30:00` with a time of day (as .xlsx dates are written). */
export function odsDate(value: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}:\d{2}))?/.exec(value);
  if (!m) return value;
  return !m[2] || m[2] === '00:00:00' ? m[1] : `${m[1]}T${m[2]}`;
}

interface CellState {
  type: string | undefined;
  value: string | undefined;
  date: string | undefined;
  boolean: string | undefined;
  error: boolean;
  repeat: number;
  paragraphs: string[];
}

function cellValue(c: CellState): Cell {
  if (c.error) return '';
  switch (c.type) {
    case 'float':
    case 'percentage':
    case 'currency': {
      const n = Number(c.value);
      return c.value !== undefined && Number.isFinite(n) ? n : c.paragraphs.join('\n');
    }
    case 'date':
      return c.date ? odsDate(c.date) : c.paragraphs.join('\n');
    case 'boolean':
      return c.boolean === 'true' ? 'TRUE' : c.boolean === 'false' ? 'FALSE' : c.paragraphs.join('\n');
    default:
      return c.paragraphs.join('\n');
  }
}

/**
 * Reads content.xml's tables with `visit`: `sheet(entry)` at each table's start, answering whether
 * to read its rows; `row(cells, line, repeat)` for each non-blank row of a table read;
 * `tableEnd()` after each table. Returns the tokenizer to write content.xml's text into.
 */
function tableReader(visit: {
  sheet(entry: SheetEntry): boolean;
  row(cells: Cell[], line: number, repeat: number): void;
  tableEnd(): void;
}): SaxesParser {
  const parser = new SaxesParser();
  let n: ReturnType<typeof odfNames> | null = null;
  const hiddenStyles = new Set<string>();
  let styleName: string | null = null;
  let tableDepth = 0;
  let reading = false;
  let line = 0;
  let cells: Cell[] = [];
  let blanks = 0;
  let rowRepeat = 1;
  let cell: CellState | null = null;
  let paragraph: string | null = null;
  let annotation = 0;

  parser.on('opentag', (tag) => {
    const { name } = tag;
    const a = tag.attributes as Record<string, string>;
    if (n === null) n = odfNames(a);
    else if (name === n.style && a[n.styleFamily] === 'table') styleName = a[n.styleName] ?? null;
    else if (name === n.tableProperties && styleName !== null) {
      if (a[n.display] === 'false') hiddenStyles.add(styleName);
    } else if (name === n.table) {
      tableDepth += 1;
      if (tableDepth === 1) {
        const style = a[n.tableStyle];
        reading = visit.sheet({
          name: a[n.tableName] ?? '',
          state: style !== undefined && hiddenStyles.has(style) ? 'hidden' : 'visible',
        });
        line = 0;
      }
    } else if (!reading || tableDepth !== 1) return;
    else if (name === n.row) {
      cells = [];
      blanks = 0;
      rowRepeat = repeats(a[n.rowsRepeated], MAX_ROWS);
    } else if (name === n.cell || name === n.coveredCell) {
      cell = {
        type: a[n.valueType],
        value: a[n.value],
        date: a[n.dateValue],
        boolean: a[n.booleanValue],
        error: a[n.calcValueType] === 'error',
        repeat: repeats(a[n.columnsRepeated], MAX_COLUMNS),
        paragraphs: [],
      };
    } else if (name === n.annotation) annotation += 1;
    else if (cell && annotation === 0) {
      if (name === n.p || name === n.h) paragraph = '';
      else if (paragraph === null) return;
      else if (name === n.s) paragraph += ' '.repeat(repeats(a[n.spaces], 1000));
      else if (name === n.tab) paragraph += '\t';
      else if (name === n.lineBreak) paragraph += '\n';
    }
  });

  parser.on('text', (text) => {
    if (paragraph !== null && annotation === 0) paragraph += text;
  });

  parser.on('closetag', (tag) => {
    const { name } = tag;
    if (n === null) return;
    if (name === n.style) styleName = null;
    else if (name === n.table) {
      tableDepth -= 1;
      if (tableDepth === 0) {
        if (reading) visit.tableEnd();
        reading = false;
      }
    } else if (!reading || tableDepth !== 1) return;
    else if (name === n.annotation) annotation -= 1;
    else if ((name === n.p || name === n.h) && cell && annotation === 0 && paragraph !== null) {
      cell.paragraphs.push(paragraph);
      paragraph = null;
    } else if ((name === n.cell || name === n.coveredCell) && cell) {
      const value = cellValue(cell);
      if (value === '') blanks += cell.repeat;
      else {
        // Blank cells count only when something follows them (trailing padding is never built).
        for (let i = 0; i < blanks && cells.length < MAX_COLUMNS; i++) cells.push('');
        blanks = 0;
        for (let i = 0; i < cell.repeat && cells.length < MAX_COLUMNS; i++) cells.push(value);
      }
      cell = null;
    } else if (name === n.row) {
      const first = line + 1;
      line = Math.min(line + rowRepeat, MAX_ROWS);
      if (!isBlankRow(cells)) visit.row(cells, first, line - first + 1);
    }
  });
  return parser;
}

const unreadableOds = (err: unknown) =>
  err instanceof ImportFormatError
    ? err
    : new ImportFormatError('syntax', 'ODS_UNREADABLE', {
        reason: err instanceof Error ? err.message.slice(0, 200) : 'unknown error',
      });

/** Compressed bytes inflated at once (at most about 16 MB of text: deflate's ratio tops out near 1,000). */
const PUSH_BYTES = 16 * 1024;

/**
 * Feeds content.xml of the zip read from `open` into `parser`, a chunk of the file at a time:
 * `pump()` reads one more chunk, false once the file (or content.xml) is over.
 */
function contentXml(open: OpenBytes, parser: SaxesParser, maxContentBytes: number) {
  const input = open()[Symbol.asyncIterator]();
  const decoder = new StringDecoder('utf8');
  let found = false;
  let over = false;
  let inflated = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    if (file.name !== 'content.xml' || found) return;
    found = true;
    file.ondata = (err, data, final) => {
      if (err) throw err;
      inflated += data.byteLength;
      if (inflated > maxContentBytes)
        throw new ImportFormatError('header', 'ODS_TOO_LARGE', { gigabytes: maxContentBytes / 2 ** 30 });
      const text = decoder.write(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      if (text) parser.write(text);
      if (final) {
        const rest = decoder.end();
        if (rest) parser.write(rest);
        parser.close();
        over = true;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return {
    async pump(): Promise<boolean> {
      if (over) return false;
      const next = await input.next();
      if (next.done) {
        unzip.push(new Uint8Array(0), true);
        if (!found) throw new ImportFormatError('syntax', 'ODS_UNREADABLE', { reason: 'no content.xml' });
        if (!over)
          throw new ImportFormatError('syntax', 'ODS_UNREADABLE', { reason: 'the file is cut short' });
        return false;
      }
      const chunk = next.value as Buffer | Uint8Array;
      // Inflating and tokenizing run synchronously: a piece at a time, with a turn of the event
      // loop between pieces, so that a chunk that inflates a thousandfold holds no process long.
      for (let at = 0; at < chunk.byteLength && !over; at += PUSH_BYTES) {
        unzip.push(chunk.subarray(at, at + PUSH_BYTES));
        if (at + PUSH_BYTES < chunk.byteLength) await new Promise((resolve) => setImmediate(resolve));
      }
      return !over;
    },
    async close(): Promise<void> {
      over = true;
      await input.return?.();
    },
  };
}

/** Every sheet of the file, in tab order, read through once. */
async function listSheets(open: OpenBytes, maxContentBytes: number): Promise<SheetEntry[]> {
  const sheets: SheetEntry[] = [];
  const parser = tableReader({ sheet: (entry) => (sheets.push(entry), false), row() {}, tableEnd() {} });
  const content = contentXml(open, parser, maxContentBytes);
  try {
    while (await content.pump());
  } finally {
    await content.close();
  }
  return sheets;
}

/**
 * What content.xml may inflate to: every sheet is read through to list them, so a small zip
 * inflating to gigabytes (or a sheet far beyond what a recruiter keeps: 1 GiB is about 3,000,000
 * rows) would hold a process for minutes; such a file is refused, saying to save it as CSV.
 */
export const MAX_ODS_CONTENT_BYTES = 2 ** 30;

export async function openOdsRows(
  open: OpenBytes,
  wanted: string | null,
  maxContentBytes = MAX_ODS_CONTENT_BYTES,
): Promise<RowSource> {
  let sheets: SheetEntry[];
  try {
    sheets = await listSheets(open, maxContentBytes);
  } catch (err) {
    throw unreadableOds(err);
  }
  const target = chooseSheet(sheets, wanted);
  const targetIndex = sheets.findIndex((s) => s.name === target);
  // Rows read and not yet taken; a repeated row is kept once with its count.
  const ready: { cells: Cell[]; line: number; repeat: number }[] = [];
  let head = 0;
  let index = -1;
  let done = false;
  const parser = tableReader({
    sheet: () => (index += 1) === targetIndex,
    row: (cells, line, repeat) => void ready.push({ cells, line, repeat }),
    tableEnd: () => {
      done = true;
    },
  });
  const content = contentXml(open, parser, maxContentBytes);
  const take = (): SourceRow | null => {
    const next = ready[head];
    if (!next) return null;
    const row = { line: next.line, endLine: next.line, cells: [...next.cells] };
    next.line += 1;
    next.repeat -= 1;
    if (next.repeat === 0 && ++head === ready.length) {
      ready.length = 0;
      head = 0;
    }
    return row;
  };
  const nextRow = async (): Promise<SourceRow | null> => {
    try {
      while (head === ready.length && !done && (await content.pump()));
    } catch (err) {
      throw unreadableOds(err);
    }
    return take();
  };
  try {
    const header = await nextRow();
    if (!header) throw new ImportFormatError('header', 'SHEET_EMPTY', { sheet: target });
    async function* rows(): AsyncGenerator<SourceRow> {
      for (let row = await nextRow(); row; row = await nextRow()) yield row;
    }
    return {
      format: 'ods',
      encoding: null,
      delimiter: null,
      sheet: target,
      sheetNames: sheets.map((s) => s.name),
      header: header.cells.map((c) => String(c)),
      rows: rows(),
      close: () => content.close(),
    };
  } catch (err) {
    await content.close();
    throw err;
  }
}
