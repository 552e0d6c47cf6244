/**
 * POST /offres/{offreId}/archive: a recruiter of the offer's company closes it (close-offre.ts:
 * PUBLISHED -> ARCHIVED with `offre.closed`, reason ARCHIVED); any other status is 409.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseOffre } from './entreprise-offre.ts';
import { closeOffreOrFail } from '../offre-lifecycle/index.ts';
import { loadOffreView, type OffreView } from './offre-view.ts';

export async function archiveOffre(ctx: Ctx, offreId: number): Promise<OffreView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const offre = await findEntrepriseOffre(ctx, recruteur, offreId);
  await inTransaction(ctx, (t) => closeOffreOrFail(t, offre, 'ARCHIVED'));
  return (await loadOffreView(ctx, offreId))!;
}
