/** GET /webhooks/subscriptions and GET /webhooks/subscriptions/{id}: the caller's own only. */
import type { Ctx } from '../context.ts';
import { findOwnSubscription, webhookOwner, whereOwnedBy } from './webhook-owner.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export async function listSubscriptions(ctx: Ctx): Promise<SubscriptionView[]> {
  const owner = await webhookOwner(ctx);
  const rows = await whereOwnedBy(WebhookSubscription.query(ctx.db), owner).orderBy(
    'webhookSubscriptions.id',
    'asc',
  );
  return rows.map(subscriptionView);
}

export async function getSubscription(ctx: Ctx, id: number): Promise<SubscriptionView> {
  const owner = await webhookOwner(ctx);
  return subscriptionView(await findOwnSubscription(ctx, owner, id));
}
