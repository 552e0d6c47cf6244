/**
 * An uploaded import file, read where it lies (the upload's temporary file, or the store it was
 * streamed to: receive-import-file.ts) before the import is queued: its format from its content, its header, and the mapping that applies (the recruiter's
 * choice over the proposal). The queue (queue-vivier-import.ts) and the preview
 * (preview-vivier-import.ts) read uploads the same way, so the preview shows what the import does.
 * A file we cannot read is a 415 (not a CSV or a workbook: a legacy .xls says how to save it) or a
 * 400 (no email column, a mapping or sheet that does not fit the file).
 */
import { createReadStream } from 'node:fs';
import { UnsupportedMediaTypeError, ValidationError, type Wording } from '../errors.ts';
import { ImportFormatError } from './csv-format.ts';
import { importFileMessage } from './import-file-problems.ts';
import { openRowSource, type OpenBytes, type RowSource, type RowSourceOptions } from './row-source.ts';
import { parseMapping, resolveMapping, type MappedColumn } from './column-mapping.ts';

/** The uploaded file: where the upload left it, its name as sent, its size. */
export interface IncomingCsv {
  path: string;
  originalName: string | null;
  size: number;
}

/** What the recruiter may choose beside the file (multipart fields). */
export interface ImportChoices {
  /** JSON object: header -> field, or null to ignore the column. */
  mapping?: string | null;
  /** xlsx: sheet name, or its position from 1. */
  sheet?: string | null;
}

/**
 * The file's own problems as the API's errors: what is wrong in the caller's language (its English
 * for the CLI and the logs), the problem's code as details.
 */
export function uploadError(err: unknown): unknown {
  if (!(err instanceof ImportFormatError)) return err;
  const { problem } = err;
  const said: Wording = (lang) => importFileMessage(problem, lang);
  return err.kind === 'binary'
    ? new UnsupportedMediaTypeError(said, problem.code)
    : new ValidationError(said, problem.code);
}

/**
 * Opens the upload's rows with the mapping that applies; `use` reads what it needs, and the source
 * is closed after. Format errors come out as the API's errors. The file is a path (a preview's
 * temporary file, the CLI's file) or the bytes of a file already received into storage, with what
 * the reception found (format, encoding).
 */
export async function withUpload<T>(
  file: IncomingCsv | { open: OpenBytes; found: Pick<RowSourceOptions, 'format' | 'encoding'> },
  choices: ImportChoices,
  use: (source: RowSource, columns: MappedColumn[]) => Promise<T>,
): Promise<T> {
  let source: RowSource | null = null;
  try {
    const explicit = parseMapping(choices.mapping);
    const open: OpenBytes = 'open' in file ? file.open : () => createReadStream(file.path);
    const found = 'open' in file ? file.found : {};
    source = await openRowSource(open, { ...found, sheet: choices.sheet || null });
    return await use(source, resolveMapping(source.header, explicit, source));
  } catch (err) {
    throw uploadError(err);
  } finally {
    await source?.close();
  }
}
