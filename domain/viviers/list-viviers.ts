/** The pools of the recruiter's company, paginated (sort: nom, createdAt; default newest first). */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { pageOf, pageRequest, paginate, type Page } from '../shared/index.ts';
import { vivierQuery } from './get-vivier.ts';
import { vivierView, type VivierView } from './vivier-view.ts';

const SORTABLE = { nom: 'v.nom', createdAt: 'v.createdAt' };

export async function listViviers(
  ctx: Ctx,
  query: { page?: number; size?: number; sort?: string[] },
): Promise<Page<VivierView>> {
  const recruteur = await requireActiveRecruteur(ctx);
  const req = pageRequest(query, SORTABLE, [{ column: 'v.createdAt', direction: 'desc' }]);
  const { rows, total } = await paginate<VivierView>(
    vivierQuery(ctx).where('v.entrepriseId', recruteur.entrepriseId).toKnexQuery(),
    req,
    'v.id',
  );
  return pageOf(rows.map(vivierView), total, req);
}
