/** GET /admin/admins (SUPER_ADMIN): administrators, filtered by `q` (email, nom, prenom) and `enabled`. */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  paginate,
  type Page,
  containsPattern,
  type ListInput,
} from '../shared/index.ts';
import { adminRowsQuery, toAdminProfileView, type AdminProfileView } from './admin-profile-view.ts';

export const ADMIN_SORTS = { createdAt: 'a.createdAt', nom: 'ad.nom', email: 'a.email', id: 'ad.id' };

export async function listAdmins(
  ctx: Ctx,
  input: ListInput & { q?: string; enabled?: boolean },
): Promise<Page<AdminProfileView>> {
  const req = pageRequest(input, ADMIN_SORTS, [{ column: 'a.createdAt', direction: 'desc' }]);
  // An admin row whose account was given another role (demoted) is no administrator any more.
  const query = adminRowsQuery(ctx.db).whereIn('a.role', ['ADMIN', 'SUPER_ADMIN']);
  if (input.q?.trim()) {
    const like = containsPattern(input.q);
    query.where((w) => {
      w.where('a.email', 'like', like).orWhere('ad.nom', 'like', like).orWhere('ad.prenom', 'like', like);
    });
  }
  if (input.enabled !== undefined) query.where('a.enabled', input.enabled);
  const { rows, total } = await paginate<Parameters<typeof toAdminProfileView>[0]>(
    query.toKnexQuery(),
    req,
    'ad.id',
  );
  return pageOf(rows.map(toAdminProfileView), total, req);
}
