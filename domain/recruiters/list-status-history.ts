/** GET /admin/recruiters/{recruiterId}/status-history: the history entries, oldest first. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Recruiter } from '../../models/recruiter.ts';
import { RecruiterStatusHistory } from '../../models/recruiter-status-history.ts';

export interface RecruiterStatusHistoryEntry {
  id: number;
  oldStatus: string | null;
  newStatus: string;
  reason: string | null;
  changedByEmail: string | null;
  changedByName: string | null;
  changedAt: Date;
}

export async function listRecruiterStatusHistory(
  ctx: Ctx,
  recruiterId: number,
): Promise<RecruiterStatusHistoryEntry[]> {
  if (!(await Recruiter.query(ctx.db).findById(recruiterId).select('id')))
    throw new NotFoundError('Recruiter');
  const rows = await RecruiterStatusHistory.query(ctx.db)
    .where({ recruiterId })
    .orderBy([{ column: 'changedAt' }, { column: 'id' }])
    .select('id', 'oldStatus', 'newStatus', 'reason', 'changedByEmail', 'changedByName', 'changedAt');
  return rows.map(({ id, oldStatus, newStatus, reason, changedByEmail, changedByName, changedAt }) => ({
    id,
    oldStatus,
    newStatus,
    reason,
    changedByEmail,
    changedByName,
    changedAt,
  }));
}
