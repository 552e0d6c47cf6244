/** GET /admin/offres: offers of every company in any state, filtered by `q` (title, company), `status`, `entrepriseId`. */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import type { OffreStatus } from '../../models/offre.ts';
import { offreRowsQuery, toAdminOffreView, type AdminOffreView } from './offre-admin-view.ts';

export const OFFRE_SORTS = {
  createdAt: 'o.createdAt',
  publishedAt: 'o.publishedAt',
  titre: 'o.titre',
  status: 'o.status',
  totalCandidatures: 'o.totalCandidatures',
  id: 'o.id',
};

export async function listAdminOffres(
  ctx: Ctx,
  input: ListInput & { q?: string; status?: OffreStatus; entrepriseId?: number },
): Promise<Page<AdminOffreView>> {
  const req = pageRequest(input, OFFRE_SORTS, [{ column: 'o.createdAt', direction: 'desc' }]);
  const query = offreRowsQuery(ctx.db);
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('o.titre', 'like', like).orWhere('e.nomEntreprise', 'like', like);
    });
  }
  if (input.status) query.where('o.status', input.status);
  if (input.entrepriseId) query.where('o.entrepriseId', input.entrepriseId);
  const { rows, total } = await paginate<AdminOffreView>(query.toKnexQuery(), req, 'o.id');
  return pageOf(rows.map(toAdminOffreView), total, req);
}
