/**
 * DELETE /admin/reference/sectors/{id}: allowed only when no company is attached,
 * else 409 SECTOR_IN_USE. A company attached meanwhile makes the foreign key refuse the delete,
 * which answers the same 409.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { isRowReferencedError } from '../../lib/db-errors.ts';
import { loadSecteurAdmin } from './sector-admin-view.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

/** `n`, the companies attached, when counted (a foreign key's refusal does not say how many). */
const inUse = (n?: number) =>
  new ConflictError(
    'SECTOR_IN_USE',
    bilingual(
      'Des entreprises sont encore rattachées à ce secteur',
      'Companies are still attached to this sector',
    ),
    n === undefined ? '' : `entreprisesCount: ${n}`,
  );

export async function deleteSector(ctx: Ctx, input: { sectorId: number }): Promise<Record<string, never>> {
  try {
    return await inTransaction(ctx, async (t) => {
      const sector = await loadSecteurAdmin(t.db, input.sectorId);
      if (sector.entreprisesCount > 0) throw inUse(sector.entreprisesCount);
      await SecteurActivite.query(t.db).deleteById(sector.id);
      await recordAudit(t, 'sector.deleted', { type: 'sector', id: sector.id }, { nom: sector.nom });
      return {};
    });
  } catch (err) {
    if (isRowReferencedError(err)) throw inUse();
    throw err;
  }
}
