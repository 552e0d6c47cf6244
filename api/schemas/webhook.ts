/** Webhook subscriptions, deliveries and the event catalogue. */
import Type from 'typebox';
import { Nullable } from './common.ts';
import { EVENT_TYPES } from '../../domain/events/event-types.ts';
import { Delivery, DeliveryAttempt, Subscription } from '../../domain/shapes/webhook.ts';

export { Delivery, DeliveryStatusSchema, EventTypeInfo, Subscription } from '../../domain/shapes/webhook.ts';

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

export const SubscriptionWithSecret = Type.Intersect([
  Subscription,
  Type.Object({
    secret: Type.String({
      description:
        '`whsec_` + base64 of 32 random bytes; shown only in this answer. The HMAC key is this whole string (UTF-8), prefix included.',
    }),
  }),
]);

export const DeliveryDetail = Type.Intersect([
  Delivery,
  Type.Object({
    attemptLog: Type.Array(DeliveryAttempt),
  }),
]);
