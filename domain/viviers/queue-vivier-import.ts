/**
 * POST /recruiters/me/viviers/{id}/import: reads the upload where it lies (import-upload.ts: its
 * format from its content, CSV or .xlsx; its header; the mapping, the recruiter's over the
 * proposal; the sheet of a workbook), stores the raw file (purpose IMPORT) and queues the import
 * with how to read it, so the job (and a run resumed after a crash) reads it the same way. The
 * answer lists the columns that will be ignored. The CLI's operator import
 * (operator-vivier-import.ts) queues through queueImportFile, the same checks and rows without a
 * recruiter signed in.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { inTransaction, type Ctx } from '../context.ts';
import { PayloadTooLargeError, ValidationError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { ignoredColumns, type IgnoredColumn } from './column-mapping.ts';
import { withUpload, type ImportChoices, type IncomingCsv } from './import-upload.ts';
import type { ImportFormat } from './import-file-format.ts';
import { StoredFile } from '../../models/stored-file.ts';
import { VivierImport } from '../../models/vivier-import.ts';

export type { ImportChoices, IncomingCsv } from './import-upload.ts';

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ImportQueued {
  importId: number;
  status: 'QUEUED';
  format: ImportFormat;
  sheet: string | null;
  ignoredColumns: IgnoredColumn[];
}

/** The upload is there, not empty, within the size limit. */
export function checkImportUpload(file: IncomingCsv | null): IncomingCsv {
  if (!file) throw new ValidationError('A file is required', 'multipart field "file" is missing');
  if (file.size === 0) throw new ValidationError('The file is empty', 'file');
  if (file.size > MAX_IMPORT_BYTES)
    throw new PayloadTooLargeError(`File too large (at most ${MAX_IMPORT_BYTES} bytes)`);
  return file;
}

/** A recruiter queues a file into a pool of its company. */
export async function queueVivierImport(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv | null,
  choices: ImportChoices = {},
): Promise<ImportQueued> {
  const { recruiter } = await ownVivier(ctx, vivierId);
  return queueImportFile(ctx, vivierId, recruiter.id, file, choices);
}

/**
 * Checks the file, stores it and queues the import of the pool, created by (and its file owned
 * by) the recruiter `createdBy`. The caller has checked who may import into this pool.
 */
export async function queueImportFile(
  ctx: Ctx,
  vivierId: number,
  createdBy: number,
  upload: IncomingCsv | null,
  choices: ImportChoices = {},
): Promise<ImportQueued> {
  const file = checkImportUpload(upload);
  const reading = await withUpload(file, choices, async (source, columns) => ({
    format: source.format,
    sheet: source.sheet,
    columns,
  }));
  const ignored = ignoredColumns(reading.columns);
  const storageKey = `import/${randomUUID()}.${reading.format}`;
  await ctx.storage.put(storageKey, createReadStream(file.path));
  const now = ctx.clock.now();
  const importId = await inTransaction(ctx, async (t) => {
    const stored = await StoredFile.query(t.db).insert({
      ownerAccountId: createdBy,
      purpose: 'IMPORT',
      storageKey,
      originalName: file.originalName?.slice(0, 255) ?? null,
      contentType: CONTENT_TYPES[reading.format],
      size: file.size,
      createdAt: now,
    });
    const queued = await VivierImport.query(t.db).insert({
      vivierId,
      fileId: stored.id,
      status: 'QUEUED',
      format: reading.format,
      sheet: reading.sheet,
      columnMapping: reading.columns,
      ignoredColumns: ignored,
      createdBy,
      createdAt: now,
    });
    return queued.id;
  });
  return {
    importId,
    status: 'QUEUED',
    format: reading.format,
    sheet: reading.sheet,
    ignoredColumns: ignored,
  };
}
