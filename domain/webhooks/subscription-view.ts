/** A webhook Subscription as the API shows it: `{id, url, events, active, disabledReason, description, appId, createdAt}`; the secret never. */
import type { Static } from 'typebox';
import type { Subscription } from '../shapes/index.ts';
import type { WebhookSubscription } from '../../models/webhook-subscription.ts';

/** The static type of the Subscription shape (domain/shapes/webhook.ts). */
export type SubscriptionView = Static<typeof Subscription>;

const DISABLED_REASONS = ['GONE', 'FAILING', 'APP_SUSPENDED'] as const;

export function subscriptionView(row: WebhookSubscription): SubscriptionView {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    active: Boolean(row.active),
    disabledReason: (DISABLED_REASONS as readonly (string | null)[]).includes(row.disabledReason)
      ? row.disabledReason
      : null,
    description: row.description,
    appId: row.appId ?? null,
    createdAt: row.createdAt,
  };
}
