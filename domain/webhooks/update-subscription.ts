/** PATCH /webhooks/subscriptions/{id}: any of url, events, active, description; url and events checked as on creation. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import type { PartialModelObject } from 'objection';
import { findOwnSubscription, webhookOwner } from './webhook-owner.ts';
import { checkSubscribableEvents } from './subscribable-events.ts';
import { checkSubscriptionUrl } from './check-subscription-url.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export interface UpdateSubscriptionInput {
  url?: string;
  events?: string[];
  active?: boolean;
  description?: string | null;
}

export async function updateSubscription(
  ctx: Ctx,
  id: number,
  input: UpdateSubscriptionInput,
): Promise<SubscriptionView> {
  const owner = await webhookOwner(ctx);
  // Checked before the transaction: the URL check may wait on DNS.
  const current = await findOwnSubscription(ctx, owner, id);
  const scopeOwner = owner.kind === 'system' ? { kind: current.scope } : owner;
  const changes: PartialModelObject<WebhookSubscription> = {};
  if (input.events !== undefined) changes.events = checkSubscribableEvents(scopeOwner, input.events);
  if (input.url !== undefined) changes.url = await checkSubscriptionUrl(ctx, input.url);
  if (input.active !== undefined) changes.active = input.active;
  if (input.description !== undefined) changes.description = input.description;
  return inTransaction(ctx, async (t) => {
    const locked = await findOwnSubscription(t, owner, id, { forUpdate: true });
    if (!Object.keys(changes).length) return subscriptionView(locked);
    return subscriptionView(
      await WebhookSubscription.query(t.db).patchAndFetchById(id, { ...changes, updatedAt: t.clock.now() }),
    );
  });
}
