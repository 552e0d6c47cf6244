/**
 * POST /webhooks/subscriptions/{id}/enable: turns a subscription back on, whoever switched it off
 * (its owner, or the platform after a 410 or 5 days of failures; the reason is cleared). New
 * events are delivered again, and the DEAD deliveries of the time it was off may be replayed.
 */
import type { Ctx } from '../context.ts';
import { findOwnSubscription, webhookOwner } from './webhook-owner.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export async function enableSubscription(ctx: Ctx, id: number): Promise<SubscriptionView> {
  const owner = await webhookOwner(ctx);
  await findOwnSubscription(ctx, owner, id);
  const row = await WebhookSubscription.query(ctx.db).patchAndFetchById(id, {
    active: true,
    disabledReason: null,
    updatedAt: ctx.clock.now(),
  });
  return subscriptionView(row);
}
