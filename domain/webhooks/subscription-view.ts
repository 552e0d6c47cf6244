/** A webhook Subscription as the API shows it: `{id, url, events, active, description, createdAt}`; the secret never. */
import type { WebhookSubscription } from '../../models/webhook-subscription.ts';

export interface SubscriptionView {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  /** Why the platform switched it off: GONE (410 from the receiver), FAILING (5 days of failures); null otherwise. */
  disabledReason: 'GONE' | 'FAILING' | null;
  description: string | null;
  createdAt: Date;
}

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
