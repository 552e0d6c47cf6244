/** GET /webhooks/subscriptions and GET /webhooks/subscriptions/{id}: the caller's own only. */
import type { Ctx } from '../context.ts';
import { findOwnSubscription, webhookOwner, whereOwnedBy, type SubscriptionRow } from './webhook-owner.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';

export async function listSubscriptions(ctx: Ctx): Promise<SubscriptionView[]> {
  const owner = await webhookOwner(ctx);
  const rows = (await whereOwnedBy(ctx.db('webhookSubscriptions'), owner)
    .orderBy('webhookSubscriptions.id', 'asc')
    .select('webhookSubscriptions.*')) as SubscriptionRow[];
  return rows.map(subscriptionView);
}

export async function getSubscription(ctx: Ctx, id: number): Promise<SubscriptionView> {
  const owner = await webhookOwner(ctx);
  return subscriptionView(await findOwnSubscription(ctx, owner, id));
}
