/**
 * The rows of a CSV file: its encoding is decided on the whole file first (csv-encoding.ts), its
 * delimiter on the header line (csv-format.ts), then it is decoded and parsed by csv-parse as it
 * streams in, never loaded whole.
 * Line numbers are counted here, from the parsed fields and csv-parse's empty-line count:
 * csv-parse's own `lines` counts a CRLF inside a quoted field as two lines. A file whose quoting
 * breaks part-way is read a second time up to the fault, to name its exact physical line.
 */
import { Readable } from 'node:stream';
import { parse, type Info, type Options } from 'csv-parse';
import {
  ImportFormatError,
  SNIFF_BYTES,
  checkText,
  detectDelimiter,
  headerLine,
  type CsvDelimiter,
} from './csv-format.ts';
import { decodeHead, decodedStream, detectEncoding, type CsvEncoding } from './csv-encoding.ts';
import type { OpenBytes, RowSource, SourceRow } from './row-types.ts';

const breaks = (s: string) => (s.match(/\r\n|\r|\n/g) ?? []).length;

const parserOptions = (delimiter: CsvDelimiter): Options => ({
  bom: true,
  delimiter,
  info: true,
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: false,
});

/** The first bytes (to check and to find the delimiter), then the whole stream again from byte 0. */
async function openCsv(source: AsyncIterable<Buffer>): Promise<{ head: Buffer; bytes: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
    if (chunk.includes(0x0a) || chunk.includes(0x0d)) break;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    try {
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Closes the file when the parse stops early (format error, crash of a batch).
      await iterator.return?.();
    }
  }
  return { head, bytes: Readable.from(all(), { objectMode: false }) };
}

const isCsvSyntaxError = (code: unknown) =>
  typeof code === 'string' && (code.startsWith('CSV_') || code === 'INVALID_OPENING_QUOTE');

/** Where the quote of the last unclosed quoted cell of `raw` opens. */
function openingQuote(raw: string, delimiter: string): number {
  let quoted = false;
  let opened = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (!quoted) {
      const prev = i === 0 ? '\n' : raw[i - 1];
      if (ch === '"' && (prev === delimiter || prev === '\n' || prev === '\r')) {
        quoted = true;
        opened = i;
      }
    } else if (ch === '"') {
      if (raw[i + 1] === '"') i += 1;
      else quoted = false;
    }
  }
  return opened;
}

/**
 * The physical line of a parse fault, read again with the same parser: the record that fails
 * starts after the lines of the records before it and the empty lines, and the fault lies as many
 * line breaks further as the record's raw text holds up to it (up to its opening quote when a
 * quote is never closed).
 */
async function locateFault(
  open: OpenBytes,
  encoding: CsvEncoding,
  delimiter: CsvDelimiter,
): Promise<{ line: number; code: string } | null> {
  const bytes = Readable.from(open(), { objectMode: false });
  const text = decodedStream(bytes, encoding);
  let consumed = 0;
  // Counted as each record is parsed: records parsed just before the fault never reach a reader.
  const count = (parsed: unknown) => {
    const { record } = parsed as { record: string[] };
    consumed += 1 + record.reduce((n, field) => n + breaks(field), 0);
    return null;
  };
  const options: Options = { ...parserOptions(delimiter), raw: true, on_record: count };
  const parser = text.pipe(parse(options));
  text.on('error', (err) => parser.destroy(err));
  try {
    for await (const _ of parser) void _;
    return null;
  } catch (err) {
    const e = err as { code?: unknown; empty_lines?: unknown; raw?: unknown };
    if (!isCsvSyntaxError(e.code)) throw err;
    const start = consumed + (typeof e.empty_lines === 'number' ? e.empty_lines : 0) + 1;
    // The raw text may begin with the end of the line before: a record never starts with a break.
    const raw = (typeof e.raw === 'string' ? e.raw : '').replace(/^[\r\n]+/, '');
    const upTo = e.code === 'CSV_QUOTE_NOT_CLOSED' ? raw.slice(0, openingQuote(raw, delimiter)) : raw;
    return { line: start + breaks(upTo), code: String(e.code) };
  } finally {
    text.destroy();
    bytes.destroy();
  }
}

async function syntaxError(
  open: OpenBytes,
  encoding: CsvEncoding,
  delimiter: CsvDelimiter,
  nearLine: number,
): Promise<ImportFormatError> {
  const fault = await locateFault(open, encoding, delimiter);
  if (!fault) return new ImportFormatError('syntax', 'MALFORMED_CSV_NEAR', { line: nearLine });
  return new ImportFormatError('syntax', 'MALFORMED_CSV', { line: fault.line, fault: fault.code });
}

/**
 * A CSV file's rows; fails with the header's own problems (empty, binary, no header). `known` is
 * the encoding when it was decided as the file was received.
 */
export async function openCsvRows(open: OpenBytes, known: CsvEncoding | null = null): Promise<RowSource> {
  // A first streamed pass decides the encoding on the whole file, before any row is read.
  const encoding = known ?? (await detectEncoding(open()));
  const { head, bytes } = await openCsv(open());
  const text = decodedStream(bytes, encoding);
  const close = async () => {
    text.destroy();
    bytes.destroy();
  };
  try {
    if (head.length === 0) throw new ImportFormatError('header', 'EMPTY_FILE');
    const headText = decodeHead(head, encoding);
    checkText(headText);
    const delimiter = detectDelimiter(headerLine(headText, head.length));
    const parser = text.pipe(parse(parserOptions(delimiter)));
    text.on('error', (err) => parser.destroy(err));
    const records = (parser as AsyncIterable<{ record: string[]; info: Info }>)[Symbol.asyncIterator]();
    let consumedLines = 0;
    const next = async (): Promise<SourceRow | null> => {
      let item: IteratorResult<{ record: string[]; info: Info }>;
      try {
        item = await records.next();
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (isCsvSyntaxError(code)) throw await syntaxError(open, encoding, delimiter, consumedLines + 1);
        throw err;
      }
      if (item.done) return null;
      const { record, info } = item.value;
      const line = consumedLines + info.empty_lines + 1;
      consumedLines += 1 + record.reduce((n, field) => n + breaks(field), 0);
      return { line, endLine: consumedLines + info.empty_lines, cells: record };
    };
    const header = await next();
    if (!header) throw new ImportFormatError('header', 'NO_HEADER');
    async function* rows(): AsyncGenerator<SourceRow> {
      for (let row = await next(); row; row = await next()) yield row;
    }
    return {
      format: 'csv',
      encoding,
      delimiter,
      sheet: null,
      sheetNames: [],
      header: header.cells as string[],
      rows: rows(),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
