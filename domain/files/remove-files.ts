/**
 * Deleting stored files in two steps: the rows go inside the caller's transaction, the bytes are
 * removed from storage only after it committed (a rollback must not leave rows pointing at
 * nothing). Removing bytes is best effort: an orphan object is harmless, a dangling row is not.
 */
import type { Ctx } from '../context.ts';
import type { FileFormats } from './image-formats.ts';
import { StoredFile } from '../../models/stored-file.ts';

interface KeyedFile {
  storageKey: string;
  variants: Record<string, string> | null;
  formats?: FileFormats | null;
}

/** Every storage key of a file: the original, its resized variants and their lighter encodings. */
export function storageKeysOf(file: KeyedFile): string[] {
  const encodings = Object.values(file.formats ?? {}).flatMap((byType) => Object.values(byType));
  return [file.storageKey, ...Object.values(file.variants ?? {}), ...encodings];
}

/** Deletes the rows of these files and returns their storage keys, for removeStoredObjects after commit. */
export async function deleteFileRows(ctx: Ctx, ids: (number | null | undefined)[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return [];
  const rows = await StoredFile.query(ctx.db)
    .whereIn('id', wanted)
    .select('storageKey', 'variants', 'formats');
  await StoredFile.query(ctx.db).whereIn('id', wanted).delete();
  return rows.flatMap(storageKeysOf);
}

export async function removeStoredObjects(ctx: Ctx, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.remove(key);
    } catch (err) {
      ctx.logger.warn({ err, key }, 'could not remove a stored file');
    }
  }
}
