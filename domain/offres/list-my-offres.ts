/**
 * GET /recruiters/me/offres: every offer of the signed-in recruiter's company (all its recruiters
 * share them), in any state, with an optional `status` filter; newest first by default.
 */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { pageRequest, type Page, type SortableFields } from '../shared/index.ts';
import { Offre, type OffreStatus } from '../../models/offre.ts';
import { pageOfOffreViews, type OffreView } from './offre-view.ts';

export const MY_OFFRE_SORTS: SortableFields = {
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  publishedAt: 'publishedAt',
  deadline: 'deadline',
  titre: 'titre',
  status: 'status',
  totalCandidatures: 'totalCandidatures',
};

export async function listMyOffres(
  ctx: Ctx,
  input: { status?: OffreStatus; page?: unknown; size?: unknown; sort?: unknown },
): Promise<Page<OffreView>> {
  const recruteur = await requireActiveRecruteur(ctx);
  const req = pageRequest(input, MY_OFFRE_SORTS, [{ column: 'createdAt', direction: 'desc' }]);
  const query = Offre.query(ctx.db).where({ entrepriseId: recruteur.entrepriseId }).select('id');
  if (input.status) query.where({ status: input.status });
  return pageOfOffreViews(ctx, query.toKnexQuery(), req, 'id');
}
