/**
 * The common shape of "upload a file and hang it on something" (a CV on a profile, a logo on a
 * company, a registration document on a recruiter): the file's row is inserted and attached in one
 * transaction; the file it replaces is deleted with it. Bytes follow the database: the new ones
 * are removed again if the transaction fails, the replaced ones only once it has committed.
 * The bytes are checked and written (an image decoded, in its turn) before the transaction opens,
 * so an upload waiting for the image queue holds no database connection.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import {
  insertFileRow,
  prepareUpload,
  type IncomingFile,
  type StoredFileRow,
  type UploadOptions,
} from './store-upload.ts';
import { deleteFileRows, removeStoredObjects, storageKeysOf } from './remove-files.ts';

export interface Attached<T> {
  result: T;
  /** Files the new one replaces: their rows are deleted in the same transaction. */
  replacedFileIds?: (number | null | undefined)[];
}

export async function storeAndAttach<T>(
  ctx: Ctx,
  file: IncomingFile | null,
  opts: UploadOptions,
  attach: (trxCtx: Ctx, stored: StoredFileRow) => Promise<Attached<T>>,
): Promise<T> {
  const prepared = await prepareUpload(ctx, file, opts);
  try {
    const { result, obsoleteKeys } = await inTransaction(ctx, async (t) => {
      const stored = await insertFileRow(t, prepared, opts);
      const out = await attach(t, stored);
      const replaced = (out.replacedFileIds ?? []).filter((id) => id !== stored.id);
      return { result: out.result, obsoleteKeys: await deleteFileRows(t, replaced) };
    });
    await removeStoredObjects(ctx, obsoleteKeys);
    return result;
  } catch (err) {
    await removeStoredObjects(ctx, storageKeysOf(prepared));
    throw err;
  }
}
