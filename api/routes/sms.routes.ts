/**
 * SMS: a candidate's mobile for SMS (confirmed by a code sent to it), their SMS settings, and the
 * callbacks of an HTTP SMS gateway (Kannel's dlr-url and sms-service get-url), which prove
 * themselves with SMS_CALLBACK_KEY. Messages leave through the worker's SMS outbox.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { DateTime, Empty, Nullable } from '../schemas/common.ts';
import {
  confirmPhone,
  getSmsSettings,
  receiveGatewayIncoming,
  receiveGatewayReceipt,
  removeSmsPhone,
  requestPhoneCode,
  updateSmsSettings,
} from '../../domain/sms/index.ts';

const tag = 'SMS';
const candidat = ['CANDIDAT'] as const;

const SmsSettings = Type.Object({
  telephone: Nullable(Type.String({ description: 'E.164' })),
  confirmed: Type.Boolean(),
  enabled: Type.Boolean({ description: 'SMS alerts and notices may be sent' }),
  statusNotices: Type.Boolean({ description: 'application news by SMS (interview, hired)' }),
  stoppedAt: Nullable(DateTime),
});

const gatewayKey = Type.String({ minLength: 1, maxLength: 200, description: 'SMS_CALLBACK_KEY' });

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/candidats/me/sms',
    tag,
    summary: 'My SMS settings',
    access: candidat,
    response: SmsSettings,
    handler: ({ ctx }) => getSmsSettings(ctx),
  }),
  route({
    method: 'post',
    path: '/candidats/me/sms/phone',
    leavesPublicAnswers: true,
    tag,
    summary: 'Send a confirmation code to a mobile',
    description:
      'Sends a 6-digit code by SMS to the mobile (E.164, or 9 Cameroonian digits), valid 10 minutes, 5 tries. ' +
      'The number takes SMS once confirmed with POST /candidats/me/sms/phone/confirm. At most 3 codes per hour ' +
      'per candidate and 5 per number per day: 429 SMS_CODE_LIMIT beyond. 400 for a number that is not a mobile.',
    access: candidat,
    rateCategory: 'standardAuth',
    body: Type.Object(
      { telephone: Type.String({ minLength: 3, maxLength: 40 }) },
      { additionalProperties: false },
    ),
    response: Type.Object({ telephone: Type.String(), expiresAt: DateTime }),
    errors: { 429: 'SMS_CODE_LIMIT' },
    handler: async ({ ctx, body }) => new Reply(await requestPhoneCode(ctx, body), 'Code envoyé par SMS'),
  }),
  route({
    method: 'post',
    path: '/candidats/me/sms/phone/confirm',
    leavesPublicAnswers: true,
    tag,
    summary: 'Confirm a mobile with the code it received',
    description:
      'The mobile becomes the SMS number and SMS are switched on (a STOP sent before is lifted). ' +
      '400 INVALID_SMS_CODE for a wrong, used, replaced or expired code; each wrong code spends one of its 5 tries.',
    access: candidat,
    rateCategory: 'criticalAuth',
    body: Type.Object(
      { code: Type.String({ pattern: '^\\s*\\d{6}\\s*$', maxLength: 20 }) },
      { additionalProperties: false },
    ),
    response: SmsSettings,
    errors: { 400: 'INVALID_SMS_CODE' },
    handler: async ({ ctx, body }) => new Reply(await confirmPhone(ctx, body), 'Numéro confirmé'),
  }),
  route({
    method: 'put',
    path: '/candidats/me/sms',
    leavesPublicAnswers: true,
    tag,
    summary: 'Switch SMS or application notices by SMS on or off',
    description:
      'Omitted fields are kept. Switching on needs a confirmed number with no STOP since: 409 SMS_PHONE_NOT_CONFIRMED.',
    access: candidat,
    body: Type.Object(
      { enabled: Type.Optional(Type.Boolean()), statusNotices: Type.Optional(Type.Boolean()) },
      { additionalProperties: false },
    ),
    response: SmsSettings,
    errors: { 409: 'SMS_PHONE_NOT_CONFIRMED' },
    handler: ({ ctx, body }) => updateSmsSettings(ctx, body),
  }),
  route({
    method: 'delete',
    path: '/candidats/me/sms',
    leavesPublicAnswers: true,
    tag,
    summary: 'Forget my SMS number',
    description: 'No more SMS; the alerts’ SMS channel is switched off.',
    access: candidat,
    response: Empty,
    handler: async ({ ctx }) => {
      await removeSmsPhone(ctx);
      return new Reply({}, 'Numéro supprimé');
    },
  }),
  route({
    method: 'get',
    path: '/sms/gateway/receipt',
    tag,
    summary: 'Delivery receipt from the HTTP SMS gateway (Kannel dlr-url)',
    description:
      'Called by the gateway with the `dlr-url` the platform gave it: `id` is the SMS, `type` Kannel’s receipt type ' +
      '(1 delivered, 2 failed, 4 buffered, 8 accepted, 16 rejected). 403 without the right `key`.',
    access: 'public',
    query: Type.Object(
      {
        key: gatewayKey,
        id: Type.Integer({ minimum: 1 }),
        type: Type.Integer({ minimum: 0, maximum: 255 }),
        answer: Type.Optional(Type.String({ maxLength: 500 })),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ recorded: Type.Boolean() }),
    errors: { 403: 'FORBIDDEN' },
    handler: ({ ctx, query }) => receiveGatewayReceipt(ctx, query),
  }),
  route({
    method: 'get',
    path: '/sms/gateway/incoming',
    tag,
    summary: 'Message sent by a phone, from the HTTP SMS gateway (Kannel sms-service get-url)',
    description:
      'STOP, ARRET or ARRÊT turns SMS off for that number and answers once; anything else is kept and ignored. ' +
      'Set Kannel’s get-url to `{PUBLIC_URL}/v1/api/sms/gateway/incoming?key=KEY&from=%p&text=%a`. 403 without the right `key`.',
    access: 'public',
    query: Type.Object(
      {
        key: gatewayKey,
        from: Type.String({ minLength: 3, maxLength: 20 }),
        text: Type.String({ maxLength: 1600 }),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ action: Type.String(), answered: Type.Boolean() }),
    errors: { 403: 'FORBIDDEN' },
    handler: ({ ctx, query }) => receiveGatewayIncoming(ctx, query),
  }),
]);
