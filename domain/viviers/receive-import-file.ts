/**
 * An import file taken as it arrives (the upload's request body, or the file the CLI reads), never
 * held whole in memory nor written to a temporary file:
 * - its first bytes (SNIFF_BYTES) decide what it is (import-file-format.ts): CSV text, an .xlsx or an .ods
 *   workbook; anything else (a legacy .xls, an .ods, an executable) is refused before a byte is
 *   stored, with a message naming it;
 * - it then flows to file storage (local folder or S3, lib/storage.ts) while its size is counted
 *   against MAX_IMPORT_BYTES, and a CSV without BOM is checked as strict UTF-8 on the way, so its
 *   encoding is known at the end without reading it again (csv-encoding.ts);
 * - a file that fails on the way (over the limit, the client gone, the store down) leaves nothing
 *   stored. The caller owns a received file: `discard` removes it when what follows fails.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Storage } from '../../lib/storage.ts';
import { bilingual, inputError, PayloadTooLargeError } from '../errors.ts';
import { SNIFF_BYTES, checkText } from './csv-format.ts';
import { decodeHead, encodingFromBom, utf8Check, type CsvEncoding } from './csv-encoding.ts';
import { sniffImportFormat, type ImportFormat } from './import-file-format.ts';
import { uploadError } from './import-upload.ts';

/** The largest import file: a workbook of about 5,000,000 rows, a CSV of about 2,000,000. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

export interface ReceivedImport {
  storageKey: string;
  format: ImportFormat;
  /** A CSV's encoding, decided on the whole file as it passed; null for a workbook. */
  encoding: CsvEncoding | null;
  size: number;
  originalName: string | null;
  /** Removes the stored file (what follows the upload failed). */
  discard(): Promise<void>;
}

/** An import file over MAX_IMPORT_BYTES (the API's upload limit usually refuses it first, in its own words). */
export const tooLargeImport = () =>
  new PayloadTooLargeError(
    bilingual(
      `Fichier trop volumineux (${MAX_IMPORT_BYTES} octets au plus)`,
      `File too large (at most ${MAX_IMPORT_BYTES} bytes)`,
    ),
  );

const asBuffer = (chunk: unknown): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);

/** What the first bytes say: the format, and for a CSV the encoding its BOM names. */
function sniff(head: Buffer): { format: ImportFormat; bom: CsvEncoding | null } {
  if (head.length === 0) throw inputError('The file is empty', 'body.file', 'minLength', { limit: 1 });
  try {
    const format = sniffImportFormat(head);
    const bom = format === 'csv' ? encodingFromBom(head) : null;
    // Invalid UTF-8 becomes U+FFFD, not a control character: a Windows-1252 text passes too.
    if (format === 'csv') checkText(decodeHead(head, bom ?? 'utf-8'));
    return { format, bom };
  } catch (err) {
    throw uploadError(err);
  }
}

export async function receiveImportFile(
  storage: Storage,
  input: AsyncIterable<unknown>,
  originalName: string | null,
): Promise<ReceivedImport> {
  const chunks = input[Symbol.asyncIterator]();
  const first: Buffer[] = [];
  let headSize = 0;
  try {
    while (headSize < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      const chunk = asBuffer(next.value);
      first.push(chunk);
      headSize += chunk.length;
    }
  } catch (err) {
    await chunks.return?.();
    throw err;
  }
  const head = Buffer.concat(first);
  let sniffed: ReturnType<typeof sniff>;
  try {
    sniffed = sniff(head);
  } catch (err) {
    await chunks.return?.();
    throw err;
  }
  const { format, bom } = sniffed;
  const utf8 = format === 'csv' && !bom ? utf8Check() : null;
  let size = 0;
  let failure: unknown = null;
  const see = (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_IMPORT_BYTES) throw (failure = tooLargeImport());
    utf8?.feed(chunk);
  };
  async function* counted(): AsyncGenerator<Buffer> {
    try {
      see(head);
      yield head;
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        const chunk = asBuffer(next.value);
        see(chunk);
        yield chunk;
      }
    } catch (err) {
      failure ??= err;
      throw err;
    } finally {
      await chunks.return?.();
    }
  }
  const storageKey = `import/${randomUUID()}.${format}`;
  try {
    await storage.put(storageKey, Readable.from(counted(), { objectMode: false }));
  } catch (err) {
    await storage.remove(storageKey).catch(() => undefined);
    throw failure ?? err;
  }
  const encoding = format !== 'csv' ? null : (bom ?? (utf8!.end() ? 'utf-8' : 'windows-1252'));
  return {
    storageKey,
    format,
    encoding,
    size,
    originalName: originalName?.slice(0, 255) ?? null,
    discard: () => storage.remove(storageKey),
  };
}
