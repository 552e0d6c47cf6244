/** The Subscription of api-contract.md section 11: `{id, url, events, active, description, createdAt}`; the secret never. */
import type { SubscriptionRow } from './webhook-owner.ts';

export interface SubscriptionView {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  description: string | null;
  createdAt: Date;
}

/** JSON columns may come back parsed or as text, depending on the server (MariaDB: text). */
export function parseJsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function subscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    url: row.url,
    events: parseJsonColumn<string[]>(row.events),
    active: Boolean(row.active),
    description: row.description,
    createdAt: row.createdAt,
  };
}
