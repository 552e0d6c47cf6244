/**
 * POST /recruiters/me/viviers/{id}/import: checks the upload is a CSV we can read (its encoding,
 * read from the whole file, then its first bytes: text, an email column; CSV has no magic bytes
 * for storeUpload to check), stores
 * the raw file (purpose IMPORT) and queues the import. The job runner does the rest. The CLI's
 * operator import (operator-vivier-import.ts) queues through queueImportFile, the same checks and
 * rows without a recruiter signed in.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { inTransaction, type Ctx } from '../context.ts';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { ImportFormatError, SNIFF_BYTES, sniffCsv } from './csv-format.ts';
import { detectEncoding } from './csv-encoding.ts';
import { StoredFile } from '../../models/stored-file.ts';
import { VivierImport } from '../../models/vivier-import.ts';

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface IncomingCsv {
  path: string;
  originalName: string | null;
  size: number;
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** A recruiter queues a file into a pool of its company. */
export async function queueVivierImport(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv | null,
): Promise<{ importId: number; status: 'QUEUED' }> {
  const { recruiter } = await ownVivier(ctx, vivierId);
  return queueImportFile(ctx, vivierId, recruiter.id, file);
}

/**
 * Checks the file, stores it and queues the import of the pool, created by (and its file owned
 * by) the recruiter `createdBy`. The caller has checked who may import into this pool.
 */
export async function queueImportFile(
  ctx: Ctx,
  vivierId: number,
  createdBy: number,
  file: IncomingCsv | null,
): Promise<{ importId: number; status: 'QUEUED' }> {
  if (!file) throw new ValidationError('A file is required', 'multipart field "file" is missing');
  if (file.size === 0) throw new ValidationError('The file is empty', 'file');
  if (file.size > MAX_IMPORT_BYTES)
    throw new PayloadTooLargeError(`File too large (at most ${MAX_IMPORT_BYTES} bytes)`);
  try {
    sniffCsv(await readHead(file.path), await detectEncoding(createReadStream(file.path)));
  } catch (err) {
    if (!(err instanceof ImportFormatError)) throw err;
    if (err.kind === 'binary')
      throw new UnsupportedMediaTypeError('The file is not a CSV text file', err.message);
    throw new ValidationError('The file cannot be imported', err.message);
  }
  const storageKey = `import/${randomUUID()}.csv`;
  await ctx.storage.put(storageKey, createReadStream(file.path));
  const now = ctx.clock.now();
  const importId = await inTransaction(ctx, async (t) => {
    const stored = await StoredFile.query(t.db).insert({
      ownerAccountId: createdBy,
      purpose: 'IMPORT',
      storageKey,
      originalName: file.originalName?.slice(0, 255) ?? null,
      contentType: 'text/csv',
      size: file.size,
      createdAt: now,
    });
    const queued = await VivierImport.query(t.db).insert({
      vivierId,
      fileId: stored.id,
      status: 'QUEUED',
      createdBy,
      createdAt: now,
    });
    return queued.id;
  });
  return { importId, status: 'QUEUED' };
}
