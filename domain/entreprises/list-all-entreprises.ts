/** GET /admin/entreprises: every company, filtered by `q` (name), `plan`, `secteurId` and `status`. */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import type { Plan } from '../../models/entreprise.ts';
import {
  entrepriseRowsQuery,
  toAdminEntrepriseView,
  type AdminEntrepriseView,
} from './entreprise-admin-view.ts';

export const ENTREPRISE_SORTS = {
  createdAt: 'e.createdAt',
  nomEntreprise: 'e.nomEntreprise',
  plan: 'e.plan',
  status: 'e.status',
  id: 'e.id',
};

export async function listAdminEntreprises(
  ctx: Ctx,
  input: ListInput & { q?: string; plan?: Plan; secteurId?: number; status?: 'ACTIVE' | 'DISABLED' },
): Promise<Page<AdminEntrepriseView>> {
  const req = pageRequest(input, ENTREPRISE_SORTS, [{ column: 'e.createdAt', direction: 'desc' }]);
  const query = entrepriseRowsQuery(ctx.db);
  if (input.q?.trim()) query.where('e.nomEntreprise', 'like', containsPattern(input.q));
  if (input.plan) query.where('e.plan', input.plan);
  if (input.secteurId) query.where('e.secteurActiviteId', input.secteurId);
  if (input.status) query.where('e.status', input.status);
  const { rows, total } = await paginate<Parameters<typeof toAdminEntrepriseView>[0]>(
    query.toKnexQuery(),
    req,
    'e.id',
  );
  return pageOf(rows.map(toAdminEntrepriseView), total, req);
}
