/** GET /admin/recruiters/pending: recruiters awaiting an administrator (PENDING_APPROVAL), oldest first. */
import type { Ctx } from '../context.ts';
import { Recruiter } from '../../models/recruiter.ts';
import { loadRecruiterAdminItems, type RecruiterAdminItem } from './recruiter-admin-view.ts';

export async function listPendingRecruiters(ctx: Ctx): Promise<RecruiterAdminItem[]> {
  const rows = await Recruiter.query(ctx.db)
    .where({ status: 'PENDING_APPROVAL' })
    .orderBy([{ column: 'createdAt' }, { column: 'id' }])
    .select('id');
  return loadRecruiterAdminItems(
    ctx,
    rows.map((r) => r.id),
  );
}
