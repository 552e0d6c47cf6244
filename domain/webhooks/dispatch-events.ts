/**
 * The outbox dispatcher: turns domain events not yet dispatched into one webhook delivery per
 * matching ACTIVE subscription, then marks the events dispatched, in one transaction.
 *
 * Matching: a recruiter-scope event goes to the subscriptions of its company
 * (event.entrepriseId), an admin-scope event to the administrators' subscriptions, each only if
 * the subscription lists the event type. Candidate-scope events (alert.triggered) are email-only:
 * they are marked dispatched with no delivery.
 *
 * Several workers may run this at once: the events are claimed with FOR UPDATE SKIP LOCKED (a
 * worker takes the rows no other one holds), and the unique (subscription_id, event_id) index
 * makes a second insert of the same delivery a no-op.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';
import { DomainEvent } from '../../models/domain-event.ts';

export interface DispatchResult {
  events: number;
  deliveries: number;
}

interface EventRow {
  id: number;
  type: string;
  scope: 'recruiter' | 'admin' | 'candidate';
  entrepriseId: number | null;
}

export async function dispatchEvents(ctx: Ctx, opts: { limit?: number } = {}): Promise<DispatchResult> {
  const limit = opts.limit ?? 200;
  return inTransaction(ctx, async (t) => {
    const [events] = (await t.db.raw(
      'SELECT id, type, scope, entreprise_id AS entrepriseId FROM domain_events WHERE dispatched_at IS NULL ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED',
      [limit],
    )) as unknown as [EventRow[]];
    if (!events.length) return { events: 0, deliveries: 0 };

    const entrepriseIds = [
      ...new Set(
        events
          .filter((e) => e.scope === 'recruiter' && e.entrepriseId !== null)
          .map((e) => e.entrepriseId as number),
      ),
    ];
    const hasAdminEvents = events.some((e) => e.scope === 'admin');
    const subscriptions = await WebhookSubscription.query(t.db)
      .where('active', true)
      .andWhere((q) => {
        q.where((r) => {
          r.where('scope', 'recruiter').whereIn('entrepriseId', entrepriseIds.length ? entrepriseIds : [0]);
        });
        if (hasAdminEvents) q.orWhere('scope', 'admin');
      })
      .select('id', 'scope', 'entrepriseId', 'events');
    const subscribed = subscriptions.map((s) => ({
      id: s.id,
      scope: s.scope,
      entrepriseId: s.entrepriseId,
      events: new Set(s.events),
    }));

    const now = t.clock.now();
    const deliveries: Record<string, unknown>[] = [];
    for (const event of events) {
      if (event.scope === 'candidate') continue;
      for (const s of subscribed) {
        const sameAudience =
          event.scope === 'admin'
            ? s.scope === 'admin'
            : s.scope === 'recruiter' && s.entrepriseId === event.entrepriseId;
        if (sameAudience && s.events.has(event.type)) {
          deliveries.push({
            subscriptionId: s.id,
            eventId: event.id,
            status: 'PENDING',
            attempts: 0,
            nextAttemptAt: now,
            createdAt: now,
          });
        }
      }
    }
    for (let i = 0; i < deliveries.length; i += 500) {
      // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert with ON CONFLICT ignore (Objection inserts arrays only on PostgreSQL)
      await t
        .db('webhookDeliveries')
        .insert(deliveries.slice(i, i + 500))
        .onConflict(['subscriptionId', 'eventId'])
        .ignore();
    }
    await DomainEvent.query(t.db)
      .whereIn(
        'id',
        events.map((e) => e.id),
      )
      .patch({ dispatchedAt: now });
    if (deliveries.length)
      t.logger.info({ events: events.length, deliveries: deliveries.length }, 'webhook events dispatched');
    return { events: events.length, deliveries: deliveries.length };
  });
}
