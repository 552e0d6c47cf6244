/**
 * Turns an alert off from the link (or the one-click POST) of its emails, with no login: the
 * random per-alert token is the proof. Idempotent; an unknown token is a 404.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { JobAlert } from '../../models/job-alert.ts';
import { ALERT_VIEW_COLUMNS, alertView, type AlertView } from './alert-view.ts';

export async function unsubscribeAlert(ctx: Ctx, token: string): Promise<AlertView> {
  const row = await JobAlert.query(ctx.db)
    .where({ unsubscribeToken: token })
    .select(...ALERT_VIEW_COLUMNS)
    .limit(1)
    .first();
  if (!row) throw new NotFoundError('Alerte');
  if (row.active)
    await JobAlert.query(ctx.db).findById(row.id).patch({ active: false, updatedAt: ctx.clock.now() });
  return alertView({ ...row, active: false });
}
