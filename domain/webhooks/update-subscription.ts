/** PATCH /webhooks/subscriptions/{id}: any of url, events, active, description; url and events checked as on creation. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { findOwnSubscription, webhookOwner, type SubscriptionRow } from './webhook-owner.ts';
import { checkSubscribableEvents } from './subscribable-events.ts';
import { checkSubscriptionUrl } from './check-subscription-url.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';

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
  const scopeOwner =
    owner.kind === 'system'
      ? { kind: current.scope, accountId: current.ownerAccountId, entrepriseId: current.entrepriseId ?? 0 }
      : owner;
  const changes: Record<string, unknown> = {};
  if (input.events !== undefined)
    changes.events = JSON.stringify(checkSubscribableEvents(scopeOwner, input.events));
  if (input.url !== undefined) changes.url = await checkSubscriptionUrl(ctx, input.url);
  if (input.active !== undefined) changes.active = input.active;
  if (input.description !== undefined) changes.description = input.description;
  return inTransaction(ctx, async (t) => {
    await findOwnSubscription(t, owner, id, { forUpdate: true });
    if (Object.keys(changes).length)
      await t
        .db('webhookSubscriptions')
        .where({ id })
        .update({ ...changes, updatedAt: t.clock.now() });
    return subscriptionView((await t.db('webhookSubscriptions').where({ id }).first()) as SubscriptionRow);
  });
}
