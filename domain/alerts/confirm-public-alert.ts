/**
 * Opens the confirmation link of a public alert: the token is spent and the alert starts being
 * matched, against offers published after its creation (as every alert).
 */
import { inTransaction, type Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { consumeOneTimeToken } from '../auth/index.ts';
import { ALERT_VIEW_COLUMNS, alertView, type AlertView } from './alert-view.ts';

export async function confirmPublicAlert(ctx: Ctx, token: string): Promise<AlertView> {
  return inTransaction(ctx, async (t) => {
    const consumed = await consumeOneTimeToken(t, 'ALERT_CONFIRMATION', token);
    const alertId = Number(consumed.payload?.alertId);
    const row = await JobAlert.query(t.db)
      .findById(alertId)
      .select(...ALERT_VIEW_COLUMNS);
    if (!row) throw new NotFoundError('Alerte');
    await JobAlert.query(t.db)
      .findById(alertId)
      .whereNull('confirmedAt')
      .patch({ confirmedAt: t.clock.now(), updatedAt: t.clock.now() });
    return alertView(row);
  });
}
