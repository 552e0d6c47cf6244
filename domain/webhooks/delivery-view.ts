/**
 * A webhook Delivery as the API shows it. `eventId` is the event's public id, the `id` the
 * receiver sees in the body, so both sides talk about the same thing.
 */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Delivery, DeliveryAttempt } from '../shapes/index.ts';
import { WebhookDelivery } from '../../models/webhook-delivery.ts';

/** The static types of the Delivery and DeliveryAttempt shapes (domain/shapes/webhook.ts). */
export type DeliveryView = Static<typeof Delivery>;

export type AttemptView = Static<typeof DeliveryAttempt>;

/** webhook_deliveries joined to its event and subscription, selecting the view's columns. */
export function deliveryQuery(db: Knex) {
  return WebhookDelivery.query(db)
    .join('domainEvents', 'domainEvents.id', 'webhookDeliveries.eventId')
    .join('webhookSubscriptions', 'webhookSubscriptions.id', 'webhookDeliveries.subscriptionId')
    .select(
      'webhookDeliveries.id',
      'webhookDeliveries.subscriptionId',
      'domainEvents.publicId as eventId',
      'domainEvents.type as eventType',
      'webhookDeliveries.status',
      'webhookDeliveries.attempts',
      'webhookDeliveries.lastStatusCode',
      'webhookDeliveries.lastError',
      'webhookDeliveries.nextAttemptAt',
      'webhookDeliveries.createdAt',
      'webhookDeliveries.deliveredAt',
    );
}

export function deliveryView(row: DeliveryView): DeliveryView {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}
