/** The signed-in candidate and one of their alerts (someone else's alert is a 404). */
import type { Ctx } from '../context.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { ALERT_VIEW_COLUMNS, alertView, type AlertView } from './alert-view.ts';
import { CANDIDATES_ONLY } from '../common-refusals.ts';

export function candidateId(ctx: Ctx): number {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'CANDIDAT')
    throw new ForbiddenError(CANDIDATES_ONLY);
  return ctx.actor.id;
}

export async function ownAlert(
  ctx: Ctx,
  alertId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<AlertView> {
  const q = JobAlert.query(ctx.db)
    .findById(alertId)
    .where({ candidatId: candidateId(ctx) })
    .select(...ALERT_VIEW_COLUMNS);
  if (opts.forUpdate) q.forUpdate();
  const row = await q;
  if (!row) throw new NotFoundError('Alerte');
  return alertView(row);
}
