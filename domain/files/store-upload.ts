/**
 * Stores an uploaded file after checking what it is from its bytes: the declared type and the
 * file name are ignored. Empty files, files over the size limit and files whose content is not in
 * the allowed list are refused (400 / 413 / 415). Images may get resized variants.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Ctx } from '../context.ts';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors.ts';
import { StoredFile, type FilePurpose } from '../../models/stored-file.ts';
import { detectContentType } from './detect-content-type.ts';
import { checkImage, resizeImage } from './image-variants.ts';
import { storeImageFormats, type FileFormats } from './image-formats.ts';

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

export async function storeUpload(
  ctx: Ctx,
  file: IncomingFile | null,
  opts: {
    purpose: FilePurpose;
    ownerAccountId: number | null;
    allowed: string[];
    maxBytes: number;
    variantWidths?: number[];
  },
): Promise<StoredFileRow> {
  if (!file) throw new ValidationError('A file is required', 'multipart field "file" is missing');
  if (file.size === 0) throw new ValidationError('The file is empty', 'file');
  if (file.size > opts.maxBytes)
    throw new PayloadTooLargeError(`File too large (at most ${opts.maxBytes} bytes)`);
  const contentType = await detectContentType(file.path);
  if (!contentType || !opts.allowed.includes(contentType)) {
    throw new UnsupportedMediaTypeError(
      'File type not allowed',
      `allowed: ${opts.allowed.join(', ')}; detected: ${contentType ?? 'unknown'}`,
    );
  }
  const base = `${opts.purpose.toLowerCase()}/${randomUUID()}`;
  const storageKey = `${base}.${EXTENSIONS[contentType] ?? 'bin'}`;
  // Only images are read into memory (sharp decodes them, at most 5 MB); CVs, documents and CSVs
  // stay on disk and are streamed, so a flood of uploads does not grow the process.
  const data = contentType.startsWith('image/') ? await readFile(file.path) : null;
  // Every image is decoded once (sharp, with its pixel limit), variants or not: a file that only
  // starts like a PNG, or a decompression bomb, is refused here rather than served later.
  if (data) await checkImage(data);
  let variants: Record<string, string> | null = null;
  const variantBytes: Record<string, number> = {};
  if (data && opts.variantWidths?.length) {
    variants = {};
    for (const width of opts.variantWidths) {
      const key = `${base}-${width}.webp`;
      const resized = await resizeImage(data, width);
      await ctx.storage.put(key, resized);
      variants[String(width)] = key;
      variantBytes[String(width)] = resized.length;
    }
  }
  const formats = data ? await storeImageFormats(ctx, base, data, contentType, variantBytes) : null;
  // The original goes to the store as a stream (never a second copy in memory).
  await ctx.storage.put(storageKey, createReadStream(file.path));
  const { id } = await StoredFile.query(ctx.db).insert({
    ownerAccountId: opts.ownerAccountId,
    purpose: opts.purpose,
    storageKey,
    originalName: file.originalName?.slice(0, 255) ?? null,
    contentType,
    size: file.size,
    variants,
    formats,
    createdAt: ctx.clock.now(),
  });
  return {
    id,
    storageKey,
    contentType,
    size: file.size,
    purpose: opts.purpose,
    ownerAccountId: opts.ownerAccountId,
    variants,
    formats,
  };
}
