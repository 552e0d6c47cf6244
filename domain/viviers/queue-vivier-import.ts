/**
 * POST /recruiters/me/viviers/{id}/import: the upload has flowed to file storage as it arrived
 * (receive-import-file.ts: format from its first bytes, size counted, a CSV's encoding decided on
 * the way), then its header is read from the store (import-upload.ts: the mapping, the recruiter's
 * over the proposal; the sheet of a workbook) and the import is queued with how to read it, so the
 * worker (and a run resumed after a crash) reads it the same way. Once the import row commits, an
 * import pump of the same process is woken (lib/outbox-signal.ts); other workers find it by their
 * pump's sweep. The answer lists the columns that
 * will be ignored. A stored file whose import is not queued (its header refused, the transaction
 * failed) is deleted: no file stays without its import row. The CLI's operator import
 * (operator-vivier-import.ts) queues a local file through queueImportFile, the same checks and
 * rows without a recruiter signed in.
 */
import { createReadStream } from 'node:fs';
import { inTransaction, type Ctx } from '../context.ts';
import { inputError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { ignoredColumns, type IgnoredColumn } from './column-mapping.ts';
import { withUpload, type ImportChoices, type IncomingCsv } from './import-upload.ts';
import {
  MAX_IMPORT_BYTES,
  receiveImportFile,
  tooLargeImport,
  type ReceivedImport,
} from './receive-import-file.ts';
import type { ImportFormat } from './import-file-format.ts';
import { signalOutboxWrite } from '../../lib/outbox-signal.ts';
import { StoredFile } from '../../models/stored-file.ts';
import { VivierImport } from '../../models/vivier-import.ts';

export type { ImportChoices, IncomingCsv } from './import-upload.ts';
export { MAX_IMPORT_BYTES, receiveImportFile, type ReceivedImport } from './receive-import-file.ts';

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

export interface ImportQueued {
  importId: number;
  status: 'QUEUED';
  format: ImportFormat;
  sheet: string | null;
  ignoredColumns: IgnoredColumn[];
}

const missingFile = () => inputError('A file is required', 'body.file', 'required');

/** The upload is there, not empty, within the size limit. */
export function checkImportUpload(file: IncomingCsv | null): IncomingCsv {
  if (!file) throw missingFile();
  if (file.size === 0) throw inputError('The file is empty', 'body.file', 'minLength', { limit: 1 });
  if (file.size > MAX_IMPORT_BYTES) throw tooLargeImport();
  return file;
}

/** A recruiter queues a file, received into storage, into a pool of its company. */
export async function queueVivierImport(
  ctx: Ctx,
  vivierId: number,
  received: ReceivedImport | null,
  choices: ImportChoices = {},
): Promise<ImportQueued> {
  try {
    const { recruteur } = await ownVivier(ctx, vivierId);
    return await queueReceivedImport(ctx, vivierId, recruteur.id, received, choices);
  } catch (err) {
    await received?.discard().catch(() => undefined);
    throw err;
  }
}

/**
 * Checks a local file, streams it to storage and queues the import of the pool, created by (and
 * its file owned by) the recruiter `createdBy`. The caller has checked who may import into this pool.
 */
export async function queueImportFile(
  ctx: Ctx,
  vivierId: number,
  createdBy: number,
  upload: IncomingCsv | null,
  choices: ImportChoices = {},
): Promise<ImportQueued> {
  const file = checkImportUpload(upload);
  const received = await receiveImportFile(ctx.storage, createReadStream(file.path), file.originalName);
  return queueReceivedImport(ctx, vivierId, createdBy, received, choices);
}

/**
 * Reads the stored file's header and mapping, then writes its file row and its import row in one
 * transaction; when anything fails, the stored file is deleted (it has no row to point to it).
 */
export async function queueReceivedImport(
  ctx: Ctx,
  vivierId: number,
  createdBy: number,
  received: ReceivedImport | null,
  choices: ImportChoices = {},
): Promise<ImportQueued> {
  if (!received) throw missingFile();
  try {
    const { storageKey, format, encoding } = received;
    const reading = await withUpload(
      { open: () => ctx.storage.stream(storageKey), found: { format, encoding } },
      choices,
      async (source, columns) => ({ format: source.format, sheet: source.sheet, columns }),
    );
    const ignored = ignoredColumns(reading.columns);
    const now = ctx.clock.now();
    const importId = await inTransaction(ctx, async (t) => {
      const stored = await StoredFile.query(t.db).insert({
        ownerAccountId: createdBy,
        purpose: 'IMPORT',
        storageKey,
        originalName: received.originalName,
        contentType: CONTENT_TYPES[reading.format],
        size: received.size,
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
      signalOutboxWrite(t.db, 'imports');
      return queued.id;
    });
    return {
      importId,
      status: 'QUEUED',
      format: reading.format,
      sheet: reading.sheet,
      ignoredColumns: ignored,
    };
  } catch (err) {
    await received.discard().catch(() => undefined);
    throw err;
  }
}
