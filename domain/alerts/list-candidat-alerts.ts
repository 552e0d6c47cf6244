/** The signed-in candidate's alerts, newest first (at most MAX_ALERTS_PER_CANDIDAT: no paging needed). */
import type { Ctx } from '../context.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { ALERT_VIEW_COLUMNS, alertView, type AlertView } from './alert-view.ts';
import { candidateId } from './candidat-alerts.ts';

export async function listCandidatAlerts(ctx: Ctx): Promise<AlertView[]> {
  const rows = await JobAlert.query(ctx.db)
    .where({ candidatId: candidateId(ctx) })
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .select(...ALERT_VIEW_COLUMNS);
  return rows.map(alertView);
}
