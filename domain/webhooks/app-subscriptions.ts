/**
 * What becomes of an integration app's webhook subscriptions when its access changes, and what
 * the company sees of them:
 *
 * - the company revokes the app (DELETE /integrations/grants/{appId}): the app's subscriptions for
 *   that company are deleted with their deliveries. The company withdrew its consent, and it
 *   cannot manage them itself; an app granted again subscribes again, with new secrets.
 * - an administrator suspends the app: its active subscriptions (every company) are switched off
 *   with `disabledReason: APP_SUSPENDED`, so no event reaches them and their pending deliveries
 *   wait; reactivating the app switches those, and only those, back on (the ones the app or the
 *   platform had switched off for another reason stay off).
 * - the company's owner does not manage them, but GET /integrations/grants counts them per app.
 *
 * Called inside the caller's transaction.
 */
import type { Ctx } from '../context.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

/** Deletes the app's subscriptions for the company; answers how many went. */
export async function deleteAppSubscriptions(ctx: Ctx, appId: number, entrepriseId: number): Promise<number> {
  return WebhookSubscription.query(ctx.db).where({ appId, entrepriseId }).delete();
}

/** Switches off the app's active subscriptions; answers how many. */
export async function pauseAppSubscriptions(ctx: Ctx, appId: number): Promise<number> {
  return WebhookSubscription.query(ctx.db)
    .where({ appId, active: true })
    .patch({ active: false, disabledReason: 'APP_SUSPENDED', updatedAt: ctx.clock.now() });
}

/** Switches back on the subscriptions that the app's suspension switched off; answers how many. */
export async function resumeAppSubscriptions(ctx: Ctx, appId: number): Promise<number> {
  return WebhookSubscription.query(ctx.db)
    .where({ appId, disabledReason: 'APP_SUSPENDED' })
    .patch({ active: true, disabledReason: null, updatedAt: ctx.clock.now() });
}

/** How many subscriptions each app holds for the company. */
export async function countAppSubscriptions(ctx: Ctx, entrepriseId: number): Promise<Map<number, number>> {
  const rows = await WebhookSubscription.query(ctx.db)
    .where({ entrepriseId })
    .whereNotNull('appId')
    .groupBy('appId')
    .select('appId')
    .count('* as count')
    .castTo<{ appId: number; count: number | string }[]>();
  return new Map(rows.map((r) => [Number(r.appId), Number(r.count)]));
}
