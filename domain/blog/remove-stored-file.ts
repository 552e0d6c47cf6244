/**
 * Deletes a stored file that nothing points at any more (a replaced or orphaned blog cover):
 * its row, then its bytes, resized copies and lighter encodings. Storage errors are logged, not
 * thrown: the change that released the file has already committed.
 */
import type { Ctx } from '../context.ts';
import { storageKeysOf } from '../files/remove-files.ts';

export async function removeStoredFile(ctx: Ctx, fileId: number): Promise<void> {
  const row = (await ctx.db('files').where({ id: fileId }).first('storageKey', 'variants', 'formats')) as
    Parameters<typeof storageKeysOf>[0] | undefined;
  if (!row) return;
  await ctx.db('files').where({ id: fileId }).delete();
  for (const key of storageKeysOf(row)) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'blog.cover.remove_failed'));
  }
}
