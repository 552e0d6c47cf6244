/** PUT /admin/reference/sectors/{id} {nom, description}: rename or describe a sector. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { loadSecteurAdmin, type SecteurAdminView } from './sector-admin-view.ts';
import { assertNameFree, cleanName, uniqueName } from './reference-names.ts';

export async function updateSector(
  ctx: Ctx,
  input: { sectorId: number; nom: string; description?: string | null },
): Promise<SecteurAdminView> {
  const nom = cleanName(input.nom);
  return uniqueName('Sector', nom, () =>
    inTransaction(ctx, async (t) => {
      const before = await loadSecteurAdmin(t.db, input.sectorId);
      await assertNameFree(t.db, 'secteursActivite', 'Sector', nom, input.sectorId);
      const changes: Record<string, unknown> = { nom, updatedAt: t.clock.now() };
      if (input.description !== undefined) changes.description = input.description;
      await t.db('secteursActivite').where({ id: input.sectorId }).update(changes);
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
