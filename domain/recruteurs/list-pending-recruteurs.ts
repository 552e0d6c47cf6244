/** GET /admin/recruiters/pending: recruiters awaiting an administrator (PENDING_APPROVAL), oldest first. */
import type { Ctx } from '../context.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { loadRecruteurAdminItems, type RecruteurAdminItem } from './recruteur-admin-view.ts';

export async function listPendingRecruteurs(ctx: Ctx): Promise<RecruteurAdminItem[]> {
  const rows = await Recruteur.query(ctx.db)
    .where({ status: 'PENDING_APPROVAL' })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }])
    .select('id');
  return loadRecruteurAdminItems(
    ctx,
    rows.map((r) => r.id),
  );
}
