import { Model } from 'objection';
import { WebhookSubscription } from './webhook-subscription.ts';
import { DomainEvent } from './domain-event.ts';
import { WebhookDeliveryAttempt } from './webhook-delivery-attempt.ts';

export type DeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'DEAD';

export class WebhookDelivery extends Model {
  static override tableName = 'webhookDeliveries';
  id!: number;
  subscriptionId!: number;
  eventId!: number;
  status!: DeliveryStatus;
  attempts!: number;
  lastStatusCode!: number | null;
  lastError!: string | null;
  nextAttemptAt!: Date | null;
  lockedUntil!: Date | null;
  createdAt!: Date;
  deliveredAt!: Date | null;
  subscription?: WebhookSubscription;
  event?: DomainEvent;
  attemptLog?: WebhookDeliveryAttempt[];

  static override relationMappings = () => ({
    subscription: {
      relation: Model.BelongsToOneRelation,
      modelClass: WebhookSubscription,
      join: { from: 'webhookDeliveries.subscriptionId', to: 'webhookSubscriptions.id' },
    },
    event: {
      relation: Model.BelongsToOneRelation,
      modelClass: DomainEvent,
      join: { from: 'webhookDeliveries.eventId', to: 'domainEvents.id' },
    },
    attemptLog: {
      relation: Model.HasManyRelation,
      modelClass: WebhookDeliveryAttempt,
      join: { from: 'webhookDeliveries.id', to: 'webhookDeliveryAttempts.deliveryId' },
    },
  });
}
