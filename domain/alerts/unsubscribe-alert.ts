/**
 * Turns an alert off from the link (or the one-click POST) of its emails, with no login: the
 * random per-alert token is the proof. Idempotent; an unknown token is a 404.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { ALERT_VIEW_COLUMNS, alertView, type AlertView } from './alert-view.ts';

export async function unsubscribeAlert(ctx: Ctx, token: string): Promise<AlertView> {
  const row = (await ctx
    .db('jobAlerts')
    .where({ unsubscribeToken: token })
    .first(...ALERT_VIEW_COLUMNS)) as AlertView | undefined;
  if (!row) throw new NotFoundError('Alerte');
  if (row.active)
    await ctx.db('jobAlerts').where({ id: row.id }).update({ active: false, updatedAt: ctx.clock.now() });
  return alertView({ ...row, active: false });
}
