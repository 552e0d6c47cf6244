/** Webhook subscriptions, deliveries and the event catalogue. */
import Type from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.ts';
import { EVENT_TYPES } from '../../domain/events/event-types.ts';

const SUBSCRIBABLE = Object.entries(EVENT_TYPES)
  .filter(([, e]) => e.scope !== 'candidate')
  .map(([type, e]) => `\`${type}\` (${e.scope})`)
  .join(', ');

const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'http or https; must resolve to a public address unless WEBHOOKS_ALLOW_PRIVATE=true',
});
const Events = Type.Array(Type.String({ maxLength: 60 }), {
  minItems: 1,
  maxItems: 20,
  description: `Event types of your scope: ${SUBSCRIBABLE}. Recruiter OWNERs subscribe to recruiter-scope events of their company, administrators to admin-scope events.`,
});
const Description = Nullable(Type.String({ maxLength: 500 }));

export const SubscriptionCreate = Type.Object({
  url: Url,
  events: Events,
  active: Type.Optional(Type.Boolean({ default: true })),
  description: Type.Optional(Description),
});

export const SubscriptionUpdate = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    active: Type.Optional(Type.Boolean()),
    description: Type.Optional(Description),
  },
  { minProperties: 1 },
);

export const Subscription = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  disabledReason: Nullable(
    StringEnum(['GONE', 'FAILING'], {
      description:
        'why the platform switched it off: the receiver answered 410 (GONE), or every delivery failed for 5 days (FAILING)',
    }),
  ),
  description: Nullable(Type.String()),
  createdAt: DateTime,
});

export const SubscriptionWithSecret = Type.Intersect([
  Subscription,
  Type.Object({
    secret: Type.String({
      description:
        '`whsec_` + base64 of 32 random bytes; shown only in this answer. The HMAC key is this whole string (UTF-8), prefix included.',
    }),
  }),
]);

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

export const DeliveryDetail = Type.Intersect([
  Delivery,
  Type.Object({
    attemptLog: Type.Array(
      Type.Object({
        attempt: Type.Integer(),
        statusCode: Nullable(Type.Integer()),
        error: Nullable(Type.String()),
        durationMs: Type.Integer(),
        createdAt: DateTime,
      }),
    ),
  }),
]);

export const EventTypeInfo = Type.Object({
  type: Type.String(),
  description: Type.String(),
  scope: Type.Enum(['recruiter', 'admin', 'candidate']),
});
