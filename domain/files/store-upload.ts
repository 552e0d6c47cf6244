/**
 * Stores an uploaded file after checking what it is from its bytes: the declared type and the
 * file name are ignored. Empty files, files over the size limit and files whose content is not in
 * the allowed list are refused (400 / 413 / 415); images over their pixel limits too (413
 * IMAGE_TOO_LARGE), and images get their resized variants and lighter encodings (store-image.ts).
 *
 * Two steps: prepareUpload checks and writes the bytes, insertFileRow writes the row. A caller
 * that attaches the file in a transaction (store-and-attach.ts) prepares first, so no database
 * connection is held while an image waits for its turn to be decoded.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Ctx } from '../context.ts';
import { bilingual, inputError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors.ts';
import { StoredFile, type FilePurpose } from '../../models/stored-file.ts';
import { detectContentType } from './detect-content-type.ts';
import { refusedTypeMessage } from './file-type-words.ts';
import type { FileFormats } from './image-formats.ts';
import { IMAGE_LIMITS } from './image-limits.ts';
import { removeStoredObjects } from './remove-files.ts';
import { storeImage } from './store-image.ts';
import type { UploadRule } from './upload-rules.ts';

export interface IncomingFile {
  path: string;
  originalName: string | null;
  size: number;
}

export interface StoredFileRow {
  id: number;
  storageKey: string;
  contentType: string;
  size: number;
  purpose: FilePurpose;
  ownerAccountId: number | null;
  variants: Record<string, string> | null;
  formats: FileFormats | null;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'text/csv': 'csv',
};

/** A file checked and written to storage, its row not yet inserted. */
export interface PreparedUpload {
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
  variants: Record<string, string> | null;
  formats: FileFormats | null;
}

export interface UploadOptions extends UploadRule {
  purpose: FilePurpose;
  ownerAccountId: number | null;
}

/** Checks the file and writes its bytes (and an image's renditions); on failure, removes what it wrote. */
export async function prepareUpload(
  ctx: Ctx,
  file: IncomingFile | null,
  opts: UploadOptions,
): Promise<PreparedUpload> {
  if (!file) throw inputError('A file is required', 'body.file', 'required');
  if (file.size === 0) throw inputError('The file is empty', 'body.file', 'minLength', { limit: 1 });
  if (file.size > opts.maxBytes)
    throw new PayloadTooLargeError(
      bilingual(
        `Fichier trop volumineux (${opts.maxBytes} octets au plus)`,
        `File too large (at most ${opts.maxBytes} bytes)`,
      ),
    );
  const contentType = await detectContentType(file.path);
  if (!contentType || !opts.allowed.includes(contentType)) {
    throw new UnsupportedMediaTypeError(
      (lang) => refusedTypeMessage(opts.allowed, contentType, lang),
      `allowed: ${opts.allowed.join(', ')}; detected: ${contentType ?? 'unknown'}`,
    );
  }
  const base = `${opts.purpose.toLowerCase()}/${randomUUID()}`;
  const storageKey = `${base}.${EXTENSIONS[contentType] ?? 'bin'}`;
  const written: string[] = [];
  const put = async (key: string, data: Buffer | Readable) => {
    written.push(key);
    await ctx.storage.put(key, data);
  };
  try {
    // Every image is decoded (once), variants or not: a file that only starts like a PNG, or a
    // decompression bomb, is refused here rather than served later. CVs, documents and CSVs are
    // never read into memory.
    const images = contentType.startsWith('image/')
      ? await storeImage(ctx, file, {
          base,
          contentType,
          widths: opts.variantWidths ?? [],
          limits: opts.image ?? IMAGE_LIMITS,
          put,
        })
      : { variants: null, formats: null };
    // The original goes to the store as a stream (never a copy in memory).
    await put(storageKey, createReadStream(file.path));
    const originalName = file.originalName?.slice(0, 255) ?? null;
    return { storageKey, contentType, size: file.size, originalName, ...images };
  } catch (err) {
    await removeStoredObjects(ctx, written);
    throw err;
  }
}

export async function insertFileRow(
  ctx: Ctx,
  prepared: PreparedUpload,
  opts: Pick<UploadOptions, 'purpose' | 'ownerAccountId'>,
): Promise<StoredFileRow> {
  const { originalName, ...file } = prepared;
  const { id } = await StoredFile.query(ctx.db).insert({
    ...file,
    originalName,
    purpose: opts.purpose,
    ownerAccountId: opts.ownerAccountId,
    createdAt: ctx.clock.now(),
  });
  return { id, ...file, purpose: opts.purpose, ownerAccountId: opts.ownerAccountId };
}

export async function storeUpload(
  ctx: Ctx,
  file: IncomingFile | null,
  opts: UploadOptions,
): Promise<StoredFileRow> {
  return insertFileRow(ctx, await prepareUpload(ctx, file, opts), opts);
}
