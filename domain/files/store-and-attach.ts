/**
 * The common shape of "upload a file and hang it on something" (a CV on a profile, a logo on a
 * company, a registration document on a recruiter): the file is stored and attached in one
 * transaction; the file it replaces is deleted with it. Bytes follow the database: the new ones
 * are removed again if the transaction fails, the replaced ones only once it has committed.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import type { FilePurpose } from '../../models/stored-file.ts';
import { storeUpload, type IncomingFile, type StoredFileRow } from './store-upload.ts';
import { deleteFileRows, removeStoredObjects, storageKeysOf } from './remove-files.ts';
import type { UploadRule } from './upload-rules.ts';

export interface Attached<T> {
  result: T;
  /** Files the new one replaces: their rows are deleted in the same transaction. */
  replacedFileIds?: (number | null | undefined)[];
}

export async function storeAndAttach<T>(
  ctx: Ctx,
  file: IncomingFile | null,
  opts: UploadRule & { purpose: FilePurpose; ownerAccountId: number | null },
  attach: (trxCtx: Ctx, stored: StoredFileRow) => Promise<Attached<T>>,
): Promise<T> {
  const created: { file?: StoredFileRow } = {};
  try {
    const { result, obsoleteKeys } = await inTransaction(ctx, async (t) => {
      created.file = await storeUpload(t, file, opts);
      const out = await attach(t, created.file);
      const replaced = (out.replacedFileIds ?? []).filter((id) => id !== created.file?.id);
      return { result: out.result, obsoleteKeys: await deleteFileRows(t, replaced) };
    });
    await removeStoredObjects(ctx, obsoleteKeys);
    return result;
  } catch (err) {
    if (created.file) await removeStoredObjects(ctx, storageKeysOf(created.file));
    throw err;
  }
}
