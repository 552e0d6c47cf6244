/**
 * Deletes a stored file that nothing points at any more (a replaced or orphaned blog cover):
 * its row, then its bytes and resized copies. Storage errors are logged, not thrown: the change
 * that released the file has already committed.
 */
import type { Ctx } from '../context.ts';

export async function removeStoredFile(ctx: Ctx, fileId: number): Promise<void> {
  const row = (await ctx.db('files').where({ id: fileId }).first('storageKey', 'variants')) as
    { storageKey: string; variants: string | Record<string, string> | null } | undefined;
  if (!row) return;
  await ctx.db('files').where({ id: fileId }).delete();
  const variants =
    typeof row.variants === 'string'
      ? (JSON.parse(row.variants) as Record<string, string>)
      : (row.variants ?? {});
  for (const key of [row.storageKey, ...Object.values(variants)]) {
    await ctx.storage
      .remove(key)
      .catch((err: unknown) => ctx.logger.warn({ err, key }, 'blog.cover.remove_failed'));
  }
}
