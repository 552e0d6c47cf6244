/**
 * Deletes a stored file that nothing points at any more (a replaced or orphaned blog cover):
 * its row, then its bytes, resized copies and lighter encodings. Storage errors are logged, not
 * thrown: the change that released the file has already committed.
 */
import type { Ctx } from '../context.ts';
import { storageKeysOf } from '../files/index.ts';
import { StoredFile } from '../../models/stored-file.ts';

export async function removeStoredFile(ctx: Ctx, fileId: number): Promise<void> {
  const row = await StoredFile.query(ctx.db).findById(fileId).select('storageKey', 'variants', 'formats');
  if (!row) return;
  await StoredFile.query(ctx.db).deleteById(fileId);
  for (const key of storageKeysOf(row)) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'blog.cover.remove_failed'));
  }
}
