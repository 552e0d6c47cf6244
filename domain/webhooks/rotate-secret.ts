/**
 * POST /webhooks/subscriptions/{id}/rotate-secret: a new secret, returned once. Deliveries signed
 * from now on use it (every attempt is signed when it is sent), retries of older events included.
 */
import type { Ctx } from '../context.ts';
import { findOwnSubscription, webhookOwner, type SubscriptionRow } from './webhook-owner.ts';
import { newWebhookSecret } from './webhook-secret.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';

export async function rotateSecret(ctx: Ctx, id: number): Promise<SubscriptionView & { secret: string }> {
  const owner = await webhookOwner(ctx);
  await findOwnSubscription(ctx, owner, id);
  const secret = newWebhookSecret();
  await ctx.db('webhookSubscriptions').where({ id }).update({ secret, updatedAt: ctx.clock.now() });
  return {
    ...subscriptionView((await ctx.db('webhookSubscriptions').where({ id }).first()) as SubscriptionRow),
    secret,
  };
}
