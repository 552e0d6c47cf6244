/**
 * Takes out of the pool every member an import inserted (`vivier_candidats.import_id`), when the
 * import fails part-way: a file that cannot be read to its end leaves nothing behind. Deleted in
 * batches, each its own statement, so a pool of a million members is never locked at once;
 * `heartbeat` runs between batches so the import's claim stays alive.
 */
import type { Ctx } from '../context.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';
import { VivierImport } from '../../models/vivier-import.ts';

export const DISCARD_BATCH_SIZE = 1000;

/** How many members were removed; the import then counts none imported. */
export async function discardImportMembers(
  ctx: Ctx,
  importId: number,
  heartbeat?: () => Promise<void>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = await VivierCandidat.query(ctx.db).where({ importId }).limit(DISCARD_BATCH_SIZE).select('id');
    if (ids.length === 0) {
      await VivierImport.query(ctx.db).findById(importId).patch({ importedRows: 0 });
      return removed;
    }
    removed += await VivierCandidat.query(ctx.db)
      .whereIn(
        'id',
        ids.map((r) => r.id),
      )
      .where({ importId })
      .delete();
    await VivierImport.query(ctx.db).findById(importId).patch({ heartbeatAt: ctx.clock.now() });
    await heartbeat?.();
  }
}
