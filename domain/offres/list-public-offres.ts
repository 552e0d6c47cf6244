/**
 * GET /offres (published offers with filters) and GET /public/entreprises/{id}/offres (the
 * published offers of one company): pages of OffreEmploiResponse, newest first by default.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { pageRequest, type Page, type SortableFields } from '../shared/pagination.ts';
import { applyPublicOffreFilters, publicOffresBase, type OffreFilters } from './offre-filters.ts';
import { pageOfOffreViews, type OffreView } from './offre-view.ts';

export const PUBLIC_OFFRE_SORTS: SortableFields = {
  publishedAt: 'o.publishedAt',
  createdAt: 'o.createdAt',
  deadline: 'o.deadline',
  salaireMin: 'o.salaireMin',
  salaireMax: 'o.salaireMax',
  titre: 'o.titre',
};

type PageInput = { page?: unknown; size?: unknown; sort?: unknown };

export async function listPublicOffres(ctx: Ctx, input: OffreFilters & PageInput): Promise<Page<OffreView>> {
  const req = pageRequest(input, PUBLIC_OFFRE_SORTS, [{ column: 'o.publishedAt', direction: 'desc' }]);
  const query = applyPublicOffreFilters(
    publicOffresBase(ctx.db).select('o.id'),
    ctx.db,
    input,
    ctx.clock.now(),
  );
  return pageOfOffreViews(ctx, query, req, 'o.id');
}

export async function listCompanyPublicOffres(
  ctx: Ctx,
  entrepriseId: number,
  input: PageInput,
): Promise<Page<OffreView>> {
  const company = await ctx.db('entreprises').where({ id: entrepriseId, status: 'ACTIVE' }).first('id');
  if (!company) throw new NotFoundError('Entreprise');
  return listPublicOffres(ctx, { ...input, entrepriseId });
}
