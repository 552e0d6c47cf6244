/**
 * The text encoding of an uploaded CSV, decided the way spreadsheet programs write files:
 * - a BOM says it: UTF-8 (Excel "CSV UTF-8"), UTF-16 LE (Excel "Texte Unicode"), UTF-16 BE;
 * - else the WHOLE file is checked as strict UTF-8 in one streamed pass (memory stays flat): an
 *   accent on line 50,000 decides as much as one on line 1;
 * - else it is Windows-1252, what French Excel writes for "CSV (séparateur: point-virgule)".
 * Decoding to text goes through iconv-lite; UTF-8 bytes are passed on untouched (the fast path).
 */
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding a byte-order mark announces, or null. */
export function encodingFromBom(head: Buffer): CsvEncoding | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** A strict UTF-8 check fed chunk by chunk (an upload checked as it flows to storage). */
export function utf8Check(): { feed(bytes: Buffer): boolean; end(): boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    feed: (bytes) => (valid &&= validUtf8(decoder, bytes)),
    end: () => (valid &&= validUtf8(decoder)),
  };
}

/** Reads the stream once (stopping at the first invalid sequence) and names its encoding. */
export async function detectEncoding(source: AsyncIterable<Buffer>): Promise<CsvEncoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let prefix: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    if (prefix) {
      // The BOM is read from the first 3 bytes, however the storage cuts its chunks.
      bytes = Buffer.concat([prefix, bytes]);
      if (bytes.length < 3) {
        prefix = bytes;
        continue;
      }
      prefix = null;
      const bom = encodingFromBom(bytes);
      if (bom) return bom;
    }
    if (!validUtf8(decoder, bytes)) return 'windows-1252';
  }
  if (prefix?.length)
    return encodingFromBom(prefix) ?? (validUtf8(decoder, prefix) ? 'utf-8' : 'windows-1252');
  return validUtf8(decoder) ? 'utf-8' : 'windows-1252';
}

/** Feeds the decoder; without bytes, ends it (a sequence cut at the very end is invalid). */
export function validUtf8(decoder: InstanceType<typeof TextDecoder>, bytes?: Buffer): boolean {
  try {
    if (bytes) decoder.decode(bytes, { stream: true });
    else decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The text of the first bytes (a character cut at the end becomes U+FFFD), BOM removed. */
export function decodeHead(head: Buffer, encoding: CsvEncoding): string {
  return iconv.decode(head, encoding).replace(/^\uFEFF/, '');
}

/** What the CSV parser reads: UTF-8 bytes as they are, anything else decoded to text. */
export function decodedStream(bytes: Readable, encoding: CsvEncoding): Readable {
  if (encoding === 'utf-8') return bytes;
  // iconv-lite's decoder is a node Transform; its typings only say ReadWriteStream.
  const text = bytes.pipe(iconv.decodeStream(encoding)) as unknown as Readable;
  bytes.on('error', (err) => text.destroy(err));
  text.on('close', () => bytes.destroy());
  return text;
}
