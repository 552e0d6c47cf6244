/**
 * PUT /candidats/me/alertes/{id}, with the PUT semantics its route's description states. Turning an alert back on starts its matching from now, so it does not send everything
 * published while it was off.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { checkAlertCriteria, type AlertCriteriaInput } from './alert-criteria.ts';
import { candidateId, ownAlert } from './candidat-alerts.ts';
import type { AlertView } from './alert-view.ts';
import { checkAlertChannels, type AlertChannelsInput } from './alert-channels.ts';

export async function updateCandidatAlert(
  ctx: Ctx,
  alertId: number,
  input: AlertCriteriaInput & AlertChannelsInput & { active?: boolean },
): Promise<AlertView> {
  return inTransaction(ctx, async (t) => {
    const current = await ownAlert(t, alertId, { forUpdate: true });
    const criteria = await checkAlertCriteria(t, input);
    const channels = await checkAlertChannels(t, candidateId(t), input, current);
    const now = t.clock.now();
    const active = input.active ?? current.active;
    await JobAlert.query(t.db)
      .findById(alertId)
      .patch({
        ...criteria,
        ...channels,
        active,
        updatedAt: now,
        ...(active && !current.active ? { lastMatchedAt: now } : {}),
      });
    return ownAlert(t, alertId);
  });
}
