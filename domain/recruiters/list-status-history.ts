/** GET /admin/recruiters/{recruiterId}/status-history: the history entries, oldest first. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';

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
  if (!(await ctx.db('recruiters').where({ id: recruiterId }).first('id')))
    throw new NotFoundError('Recruiter');
  return (await ctx
    .db('recruiterStatusHistory')
    .where({ recruiterId })
    .orderBy([{ column: 'changedAt' }, { column: 'id' }])
    .select(
      'id',
      'oldStatus',
      'newStatus',
      'reason',
      'changedByEmail',
      'changedByName',
      'changedAt',
    )) as RecruiterStatusHistoryEntry[];
}
