/**
 * Webhook test data: subscriptions made through the API (so tests hold the secret as an integrator
 * would), and their cleanup. The delivery sender takes every due delivery of the database, so each
 * test deletes its subscriptions (and, by cascade, their deliveries) when it ends.
 */
import { expect } from 'chai';
import { agent } from './app.ts';
import { testDb } from './env.ts';

export interface CreatedSubscription {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  description: string | null;
  createdAt: string;
  secret: string;
}

const created = new Set<number>();

export async function subscribe(
  owner: { auth: { Authorization: string } },
  body: { url: string; events: string[]; active?: boolean; description?: string | null },
): Promise<CreatedSubscription> {
  const res = await agent().post('/v1/api/webhooks/subscriptions').set(owner.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  const sub = res.body.data as CreatedSubscription;
  created.add(sub.id);
  return sub;
}

/** Remembers a subscription made another way, for deleteTestSubscriptions. */
export function trackSubscription(id: number): void {
  created.add(id);
}

export async function deleteTestSubscriptions(): Promise<void> {
  if (!created.size) return;
  await testDb()('webhookSubscriptions')
    .whereIn('id', [...created])
    .delete();
  created.clear();
}
