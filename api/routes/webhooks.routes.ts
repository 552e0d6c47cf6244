/**
 * Webhooks: subscriptions, deliveries and the event catalogue. Mounted only when
 * WEBHOOKS_ENABLED is true (api/routes/index.ts). Owners: ACTIVE recruiter OWNERs (their
 * company's recruiter-scope events), integration apps calling with a webhooks:manage token (their
 * own subscriptions to the token's company's events) and administrators (admin-scope events).
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, idParams, PageQuery, pageOf } from '../schemas/common.ts';
import {
  Delivery,
  DeliveryDetail,
  DeliveryStatusSchema,
  EventTypeInfo,
  Subscription,
  SubscriptionCreate,
  SubscriptionUpdate,
  SubscriptionWithSecret,
} from '../schemas/webhook.ts';
import type { Role } from '../../models/account.ts';
import { createSubscription } from '../../domain/webhooks/create-subscription.ts';
import { getSubscription, listSubscriptions } from '../../domain/webhooks/list-subscriptions.ts';
import { updateSubscription } from '../../domain/webhooks/update-subscription.ts';
import { deleteSubscription } from '../../domain/webhooks/delete-subscription.ts';
import { rotateSecret } from '../../domain/webhooks/rotate-secret.ts';
import { enableSubscription } from '../../domain/webhooks/enable-subscription.ts';
import { listDeliveries } from '../../domain/webhooks/list-deliveries.ts';
import { getDelivery } from '../../domain/webhooks/get-delivery.ts';
import { replayDelivery } from '../../domain/webhooks/replay-delivery.ts';
import { listEventTypes } from '../../domain/webhooks/list-event-types.ts';

const tag = 'Webhooks';
const owners: readonly Role[] = ['RECRUTEUR', 'ADMIN', 'SUPER_ADMIN'];
const who =
  "An ACTIVE recruiter OWNER (its company's subscriptions), an integration app with a `webhooks:manage` token acting as its company's OWNER (the app's own subscriptions for that company, with `appId`; the owner's token does not reach them, nor the app's token the company's), or an administrator (its own); others get 403, another owner's objects 404.";

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/webhooks/events',
    tag,
    summary: 'Event types that webhooks can carry',
    description: 'No token. `alert.triggered` (candidate scope) is email-only and cannot be subscribed to.',
    access: 'public',
    publicCache: { maxAge: 3600 },
    response: Type.Array(EventTypeInfo),
    handler: async () => listEventTypes(),
  }),
  route({
    method: 'post',
    path: '/webhooks/subscriptions',
    tag,
    summary: 'Subscribe a URL to event types',
    description: `${who} Events outside the caller's scope, unknown events, and URLs that are not http(s) or resolve to a non-public address are a 400. The answer carries the \`secret\`, shown only here (and on rotation).`,
    access: owners,
    scopes: ['webhooks:manage'],
    body: SubscriptionCreate,
    response: SubscriptionWithSecret,
    handler: async ({ ctx, body }) =>
      new Reply(await createSubscription(ctx, body), 'Webhook subscription created'),
  }),
  route({
    method: 'get',
    path: '/webhooks/subscriptions',
    tag,
    summary: 'My webhook subscriptions',
    description: who,
    access: owners,
    scopes: ['webhooks:manage'],
    response: Type.Array(Subscription),
    handler: async ({ ctx }) => listSubscriptions(ctx),
  }),
  route({
    method: 'get',
    path: '/webhooks/subscriptions/{id}',
    tag,
    summary: 'One of my webhook subscriptions',
    description: who,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    response: Subscription,
    handler: async ({ ctx, params }) => getSubscription(ctx, params.id),
  }),
  route({
    method: 'patch',
    path: '/webhooks/subscriptions/{id}',
    tag,
    summary: 'Change a webhook subscription',
    description: `${who} Any of url, events, active, description, checked as on creation. An inactive subscription receives no new deliveries and its pending ones wait until it is active again.`,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    body: SubscriptionUpdate,
    response: Subscription,
    handler: async ({ ctx, params, body }) => updateSubscription(ctx, params.id, body),
  }),
  route({
    method: 'delete',
    path: '/webhooks/subscriptions/{id}',
    tag,
    summary: 'Delete a webhook subscription',
    description: `${who} Its deliveries are deleted with it.`,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    response: Empty,
    handler: async ({ ctx, params }) => {
      await deleteSubscription(ctx, params.id);
      return new Reply({}, 'Webhook subscription deleted');
    },
  }),
  route({
    method: 'post',
    path: '/webhooks/subscriptions/{id}/rotate-secret',
    tag,
    summary: 'Replace the signing secret',
    description: `${who} The new secret is returned once; every attempt sent from now on is signed with it.`,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    response: SubscriptionWithSecret,
    handler: async ({ ctx, params }) =>
      new Reply(await rotateSecret(ctx, params.id), 'Webhook secret rotated'),
  }),
  route({
    method: 'post',
    path: '/webhooks/subscriptions/{id}/enable',
    tag,
    summary: 'Turn a subscription back on',
    description: `${who} Clears \`disabledReason\`; deliveries that went DEAD meanwhile can be replayed.`,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    response: Subscription,
    handler: async ({ ctx, params }) =>
      new Reply(await enableSubscription(ctx, params.id), 'Webhook subscription enabled'),
  }),
  route({
    method: 'get',
    path: '/webhooks/deliveries',
    tag,
    summary: 'Deliveries of my subscriptions',
    description: `${who} Paginated, newest first; \`subscriptionId\` and \`status\` filter; sort fields: createdAt, nextAttemptAt, attempts, status.`,
    access: owners,
    scopes: ['webhooks:manage'],
    envelope: false,
    query: Type.Object({
      ...PageQuery,
      subscriptionId: Type.Optional(Id),
      status: Type.Optional(DeliveryStatusSchema),
    }),
    response: pageOf(Delivery),
    errors: { 404: '`subscriptionId` is not one of my subscriptions' },
    handler: async ({ ctx, query }) =>
      listDeliveries(ctx, {
        subscriptionId: query.subscriptionId,
        status: query.status,
        page: query.page,
        size: query.size,
        sort: query.sort,
      }),
  }),
  route({
    method: 'get',
    path: '/webhooks/deliveries/{id}',
    tag,
    summary: 'One delivery with its attempt log',
    description: who,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    response: DeliveryDetail,
    handler: async ({ ctx, params }) => getDelivery(ctx, params.id),
  }),
  route({
    method: 'post',
    path: '/webhooks/deliveries/{id}/replay',
    tag,
    summary: 'Send a delivery again',
    description: `${who} Starts a new attempt series for the same event (same event id): PENDING, 0 attempts, due now.`,
    access: owners,
    scopes: ['webhooks:manage'],
    params: idParams(),
    response: Delivery,
    handler: async ({ ctx, params }) =>
      new Reply(await replayDelivery(ctx, params.id), 'Webhook delivery replay scheduled'),
  }),
]);
