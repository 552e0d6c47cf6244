/** GET /admin/candidates: every candidate, filtered by `q` (email, nom, prenom) and `enabled`. */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import { candidatRowsQuery, toAdminCandidatView, type AdminCandidatView } from './candidat-admin-view.ts';

export const CANDIDAT_SORTS = {
  createdAt: 'a.createdAt',
  nom: 'c.nom',
  prenom: 'c.prenom',
  email: 'a.email',
  id: 'c.id',
};

export async function listAdminCandidats(
  ctx: Ctx,
  input: ListInput & { q?: string; enabled?: boolean },
): Promise<Page<AdminCandidatView>> {
  const req = pageRequest(input, CANDIDAT_SORTS, [{ column: 'a.createdAt', direction: 'desc' }]);
  const query = candidatRowsQuery(ctx.db);
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('a.email', 'like', like).orWhere('c.nom', 'like', like).orWhere('c.prenom', 'like', like);
    });
  }
  if (input.enabled !== undefined) query.where('a.enabled', input.enabled);
  const { rows, total } = await paginate<Parameters<typeof toAdminCandidatView>[0]>(
    query.toKnexQuery(),
    req,
    'c.id',
  );
  return pageOf(rows.map(toAdminCandidatView), total, req);
}
