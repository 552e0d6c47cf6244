/**
 * DELETE /admin/offres/{id}: removes an offer in any state, with its applications, notes, saved
 * copies and alert matches (foreign keys cascade). The audit entry keeps its title and company.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { loadAdminOffre } from './offre-admin-view.ts';
import { Offre } from '../../models/offre.ts';

export async function deleteOffreByAdmin(
  ctx: Ctx,
  input: { offreId: number },
): Promise<Record<string, never>> {
  return inTransaction(ctx, async (t) => {
    const offre = await loadAdminOffre(t.db, input.offreId);
    await Offre.query(t.db).deleteById(offre.id);
    await recordAudit(
      t,
      'offre.deleted',
      { type: 'offre', id: offre.id },
      {
        titre: offre.titre,
        entrepriseId: offre.entrepriseId,
        status: offre.status,
        totalCandidatures: offre.totalCandidatures,
      },
    );
    return {};
  });
}
