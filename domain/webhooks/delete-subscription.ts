/** DELETE /webhooks/subscriptions/{id}: its deliveries and their attempt logs go with it (foreign keys cascade). */
import type { Ctx } from '../context.ts';
import { findOwnSubscription, webhookOwner } from './webhook-owner.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export async function deleteSubscription(ctx: Ctx, id: number): Promise<void> {
  const owner = await webhookOwner(ctx);
  await findOwnSubscription(ctx, owner, id);
  await WebhookSubscription.query(ctx.db).deleteById(id);
}
