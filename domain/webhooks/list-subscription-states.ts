/**
 * Every subscription the caller may see (all of them for the CLI, a system actor) with its state
 * for an operator: active or not, why the platform switched it off, and since when it has been
 * failing (see failing-since.ts).
 */
import type { Ctx } from '../context.ts';
import { webhookOwner, whereOwnedBy } from './webhook-owner.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import { failingSince } from './failing-since.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export interface SubscriptionState extends SubscriptionView {
  scope: 'recruiter' | 'admin';
  entrepriseId: number | null;
  ownerAccountId: number;
  failingSince: Date | null;
}

export async function listSubscriptionStates(ctx: Ctx): Promise<SubscriptionState[]> {
  const owner = await webhookOwner(ctx);
  const rows = await whereOwnedBy(WebhookSubscription.query(ctx.db), owner).orderBy(
    'webhookSubscriptions.id',
    'asc',
  );
  const failing = await failingSince(ctx, owner.kind === 'system' ? undefined : rows.map((r) => r.id));
  return rows.map((row) => ({
    ...subscriptionView(row),
    scope: row.scope,
    entrepriseId: row.entrepriseId,
    ownerAccountId: row.ownerAccountId,
    failingSince: failing.get(row.id) ?? null,
  }));
}
