/** Deletes one of the signed-in candidate's alerts (its match history goes with it). */
import type { Ctx } from '../context.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { ownAlert } from './candidat-alerts.ts';

export async function deleteCandidatAlert(ctx: Ctx, alertId: number): Promise<void> {
  await ownAlert(ctx, alertId);
  await JobAlert.query(ctx.db).deleteById(alertId);
}
