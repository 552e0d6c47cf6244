/** PUT /admin/reference/sectors/{id} {nom, description}: rename or describe a sector. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadSecteurAdmin, type SecteurAdminView } from './sector-admin-view.ts';
import { assertNameFree, cleanName, uniqueName } from './reference-names.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

export async function updateSector(
  ctx: Ctx,
  input: { sectorId: number; nom: string; description?: string | null },
): Promise<SecteurAdminView> {
  const nom = cleanName(input.nom);
  return uniqueName('Sector', nom, () =>
    inTransaction(ctx, async (t) => {
      const before = await loadSecteurAdmin(t.db, input.sectorId);
      await assertNameFree(t.db, SecteurActivite, 'Sector', nom, input.sectorId);
      await SecteurActivite.query(t.db)
        .findById(input.sectorId)
        .patch({
          nom,
          ...(input.description !== undefined ? { description: input.description } : {}),
          updatedAt: t.clock.now(),
        });
      await recordAudit(
        t,
        'sector.updated',
        { type: 'sector', id: input.sectorId },
        { oldNom: before.nom, nom },
      );
      return loadSecteurAdmin(t.db, input.sectorId);
    }),
  );
}
