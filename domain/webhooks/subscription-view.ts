/** A webhook Subscription as the API shows it: `{id, url, events, active, description, createdAt}`; the secret never. */
import type { Static } from 'typebox';
import type { Subscription } from '../shapes/webhook.ts';
import type { WebhookSubscription } from '../../models/webhook-subscription.ts';

/** The static type of the Subscription shape (domain/shapes/webhook.ts). */
export type SubscriptionView = Static<typeof Subscription>;

export function subscriptionView(row: WebhookSubscription): SubscriptionView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: Boolean(row.active),
    disabledReason:
      row.disabledReason === 'GONE' || row.disabledReason === 'FAILING' ? row.disabledReason : null,
    description: row.description,
    createdAt: row.createdAt,
  };
}
