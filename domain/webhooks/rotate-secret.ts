/**
 * POST /webhooks/subscriptions/{id}/rotate-secret: a new secret, returned once. Deliveries signed
 * from now on use it (every attempt is signed when it is sent), retries of older events included;
 * for 24 hours the Standard Webhooks signature header carries the previous secret's signature too.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { findOwnSubscription, webhookOwner } from './webhook-owner.ts';
import { newWebhookSecret } from './webhook-secret.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export async function rotateSecret(ctx: Ctx, id: number): Promise<SubscriptionView & { secret: string }> {
  const owner = await webhookOwner(ctx);
  await findOwnSubscription(ctx, owner, id);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  // The previous secret keeps signing (Standard Webhooks header only) for 24 hours: see standard-webhooks.ts.
  // eslint-disable-next-line no-restricted-syntax -- SQL: previous_secret = secret must come before secret = ? (MariaDB assigns left to right; Objection puts column references last)
  await ctx
    .db('webhookSubscriptions')
    .where({ id })
    .update({ previousSecret: ctx.db.ref('secret'), secretRotatedAt: now, secret, updatedAt: now });
  const row = await WebhookSubscription.query(ctx.db).findById(id);
  if (!row) throw new NotFoundError('Webhook subscription');
  return { ...subscriptionView(row), secret };
}
