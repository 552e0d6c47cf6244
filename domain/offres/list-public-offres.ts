/**
 * GET /offres (published offers with filters) and GET /public/entreprises/{id}/offres (the
 * published offers of one company): pages of OffreEmploiResponse from the search index, newest
 * first by default, with exact totals.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Entreprise } from '../../models/entreprise.ts';
import type { Page, SortableFields } from '../shared/index.ts';
import type { OffreFilters } from '../search/index.ts';
import type { OffreView } from './offre-view.ts';
import { publicOffresPage } from './search-offres.ts';

export const PUBLIC_OFFRE_SORTS: SortableFields = {
  publishedAt: 'publishedAt',
  createdAt: 'createdAt',
  deadline: 'deadline',
  salaireMin: 'salaireMin',
  salaireMax: 'salaireMax',
  titre: 'titre',
};

type PageInput = { page?: unknown; size?: unknown; sort?: unknown };

export async function listPublicOffres(ctx: Ctx, input: OffreFilters & PageInput): Promise<Page<OffreView>> {
  return publicOffresPage(ctx, { ...input, q: undefined }, PUBLIC_OFFRE_SORTS);
}

export async function listEntreprisePublicOffres(
  ctx: Ctx,
  entrepriseId: number,
  input: PageInput,
): Promise<Page<OffreView>> {
  const entreprise = await Entreprise.query(ctx.db)
    .findById(entrepriseId)
    .where({ status: 'ACTIVE' })
    .select('id');
  if (!entreprise) throw new NotFoundError('Entreprise');
  return listPublicOffres(ctx, { ...input, entrepriseId });
}
