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
import { candidateRowsQuery, toAdminCandidateView, type AdminCandidateView } from './candidate-admin-view.ts';

export const CANDIDATE_SORTS = {
  createdAt: 'a.createdAt',
  nom: 'c.nom',
  prenom: 'c.prenom',
  email: 'a.email',
  id: 'c.id',
};

export async function listAdminCandidates(
  ctx: Ctx,
  input: ListInput & { q?: string; enabled?: boolean },
): Promise<Page<AdminCandidateView>> {
  const req = pageRequest(input, CANDIDATE_SORTS, [{ column: 'a.createdAt', direction: 'desc' }]);
  const query = candidateRowsQuery(ctx.db);
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('a.email', 'like', like).orWhere('c.nom', 'like', like).orWhere('c.prenom', 'like', like);
    });
  }
  if (input.enabled !== undefined) query.where('a.enabled', input.enabled);
  const { rows, total } = await paginate<Parameters<typeof toAdminCandidateView>[0]>(
    query.toKnexQuery(),
    req,
    'c.id',
  );
  return pageOf(rows.map(toAdminCandidateView), total, req);
}
