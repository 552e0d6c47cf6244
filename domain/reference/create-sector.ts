/** POST /admin/reference/sectors {nom, description}: a new active sector (409 CONFLICT on a taken name). */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadSecteurAdmin, type SecteurAdminView } from './sector-admin-view.ts';
import { assertNameFree, cleanName, uniqueName } from './reference-names.ts';
import { SecteurActivite } from '../../models/secteur-activite.ts';

export async function createSector(
  ctx: Ctx,
  input: { nom: string; description?: string | null },
): Promise<SecteurAdminView> {
  const nom = cleanName(input.nom);
  return uniqueName('Sector', nom, () =>
    inTransaction(ctx, async (t) => {
      await assertNameFree(t.db, SecteurActivite, 'Sector', nom);
      const now = t.clock.now();
      const { id } = await SecteurActivite.query(t.db).insert({
        nom,
        description: input.description ?? null,
        actif: true,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(t, 'sector.created', { type: 'sector', id }, { nom });
      return loadSecteurAdmin(t.db, id);
    }),
  );
}
