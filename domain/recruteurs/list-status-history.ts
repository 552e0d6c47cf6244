/** GET /admin/recruiters/{recruiterId}/status-history: the history entries, oldest first. */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { RecruteurStatusHistory } from '../../models/recruteur-status-history.ts';
import type { StatusHistoryEntry } from '../shapes/index.ts';

/** The static type of the StatusHistoryEntry shape (domain/shapes/recruteur.ts). */
export type RecruteurStatusHistoryEntry = Static<typeof StatusHistoryEntry>;

export async function listRecruteurStatusHistory(
  ctx: Ctx,
  recruteurId: number,
): Promise<RecruteurStatusHistoryEntry[]> {
  if (!(await Recruteur.query(ctx.db).findById(recruteurId).select('id')))
    throw new NotFoundError('Recruiter');
  const rows = await RecruteurStatusHistory.query(ctx.db)
    .where({ recruiterId: recruteurId })
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
