/**
 * A webhook Subscription (the secret never) and a Delivery with its attempts, as the API shows them;
 * their static types are the domain's SubscriptionView, DeliveryView and AttemptView.
 */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';

export const Subscription = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  disabledReason: Nullable(
    StringEnum(['GONE', 'FAILING', 'APP_SUSPENDED'], {
      description:
        'why the platform switched it off: the receiver answered 410 (GONE), every delivery failed for 5 days (FAILING), or its app was suspended by an administrator (APP_SUSPENDED: back on when the app is reactivated)',
    }),
  ),
  description: Nullable(Type.String()),
  appId: Nullable(
    Type.Integer({
      description:
        'the integration app that owns it (made with its OAuth token); null for the company’s or an administrator’s own',
    }),
  ),
  createdAt: DateTime,
});

export const DeliveryStatusSchema = Type.Enum(['PENDING', 'SUCCEEDED', 'FAILED', 'DEAD']);

export const Delivery = Type.Object({
  id: Type.Integer(),
  subscriptionId: Type.Integer(),
  eventId: Type.String({
    description: 'the event id receivers see in the body (`id`), the same across attempts',
  }),
  eventType: Type.String(),
  status: DeliveryStatusSchema,
  attempts: Type.Integer({ description: 'attempts of the current series (a replay starts a new series)' }),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  nextAttemptAt: Nullable(DateTime),
  createdAt: DateTime,
  deliveredAt: Nullable(DateTime),
});

/** One attempt of a delivery (the `attemptLog` of a delivery's detail). */
export const DeliveryAttempt = Type.Object({
  attempt: Type.Integer(),
  statusCode: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  durationMs: Type.Integer(),
  createdAt: DateTime,
});

/**
 * One event type of the catalogue (GET /webhooks/events). `type` stays a plain string here: an enum
 * would change the published OpenAPI document; the domain's EventTypeView narrows it to EventType.
 */
export const EventTypeInfo = Type.Object({
  type: Type.String(),
  description: Type.String(),
  scope: Type.Enum(['recruiter', 'admin', 'candidate']),
});
