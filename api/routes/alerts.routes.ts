/**
 * Job alerts: a candidate's own alerts, alerts for an email without
 * an account (confirmed by an emailed link), and the unsubscribe link of alert emails: GET shows a
 * confirmation page and changes nothing (mail scanners open links), its button POSTs the change
 * to the `/form` route; POST on the link itself is RFC 8058's one-click unsubscribe (JSON).
 */
import Type from 'typebox';
import { defineRoutes, Raw, Reply, route } from '../http/route.ts';
import { Empty, idParams } from '../schemas/common.ts';
import {
  Alert,
  AlertBody,
  AlertTokenQuery,
  AlertUpdateBody,
  PublicAlertBody,
  PublicAlertRequest,
} from '../schemas/alert.ts';
import { listCandidatAlerts } from '../../domain/alerts/list-candidat-alerts.ts';
import { createCandidatAlert, MAX_ALERTS_PER_CANDIDAT } from '../../domain/alerts/create-candidat-alert.ts';
import { ownAlert } from '../../domain/alerts/candidat-alerts.ts';
import { updateCandidatAlert } from '../../domain/alerts/update-candidat-alert.ts';
import { deleteCandidatAlert } from '../../domain/alerts/delete-candidat-alert.ts';
import { createPublicAlert } from '../../domain/alerts/create-public-alert.ts';
import { confirmPublicAlert } from '../../domain/alerts/confirm-public-alert.ts';
import { unsubscribeAlert } from '../../domain/alerts/unsubscribe-alert.ts';
import { alertToUnsubscribe } from '../../domain/alerts/alert-to-unsubscribe.ts';
import { languageOf } from '../i18n/language.ts';
import { alertTexts, formAction, sendUnsubscribeConfirm, sendUnsubscribeDone } from './unsubscribe-pages.ts';

const tag = 'Job Alerts';
const candidat = ['CANDIDAT'] as const;
const unsubscribeDescription =
  'No login: the token of the alert emails is the proof. Turns the alert off (idempotent) and returns it. 404 for an unknown token.';
const htmlPage = Type.String({ description: 'an HTML page' });

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/candidats/me/alertes',
    tag,
    summary: 'My job alerts',
    description: `Newest first; at most ${MAX_ALERTS_PER_CANDIDAT} per candidate, so not paginated.`,
    access: candidat,
    response: Type.Array(Alert),
    handler: ({ ctx }) => listCandidatAlerts(ctx),
  }),
  route({
    method: 'post',
    path: '/candidats/me/alertes',
    leavesPublicAnswers: true,
    tag,
    summary: 'Create a job alert',
    description:
      'Confirmed at once and sent to the account email by the daily run, first with offers published after its creation. ' +
      '400 for keywords without a word or an unknown villeId / regionId; 409 ALERT_LIMIT_REACHED beyond 50 alerts. ' +
      '`frequency`: INSTANT (within a minute of a publication), DAILY (default) or WEEKLY. `sms: true` also sends it by SMS ' +
      '(one segment, one per day at most, none 21:00 to 07:00) and needs a confirmed mobile: 409 SMS_PHONE_NOT_CONFIRMED.',
    access: candidat,
    body: AlertBody,
    response: Alert,
    errors: { 409: 'ALERT_LIMIT_REACHED or SMS_PHONE_NOT_CONFIRMED' },
    handler: async ({ ctx, body }) => new Reply(await createCandidatAlert(ctx, body), 'Alerte créée'),
  }),
  route({
    method: 'get',
    path: '/candidats/me/alertes/{id}',
    tag,
    summary: 'One of my job alerts',
    description: '404 for an alert of another candidate.',
    access: candidat,
    params: idParams(),
    response: Alert,
    handler: ({ ctx, params }) => ownAlert(ctx, params.id),
  }),
  route({
    method: 'put',
    path: '/candidats/me/alertes/{id}',
    leavesPublicAnswers: true,
    tag,
    summary: 'Replace a job alert',
    description:
      'The criteria are replaced (an omitted one is cleared); `active`, `frequency` and `sms` are kept when omitted. ' +
      '`sms: true` needs a confirmed mobile: 409 SMS_PHONE_NOT_CONFIRMED.',
    access: candidat,
    params: idParams(),
    body: AlertUpdateBody,
    response: Alert,
    errors: { 409: 'SMS_PHONE_NOT_CONFIRMED' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await updateCandidatAlert(ctx, params.id, body), 'Alerte mise à jour'),
  }),
  route({
    method: 'delete',
    path: '/candidats/me/alertes/{id}',
    leavesPublicAnswers: true,
    tag,
    summary: 'Delete a job alert',
    access: candidat,
    params: idParams(),
    response: Empty,
    handler: async ({ ctx, params }) => {
      await deleteCandidatAlert(ctx, params.id);
      return new Reply({}, 'Alerte supprimée');
    },
  }),
  route({
    method: 'post',
    path: '/public/alertes',
    leavesPublicAnswers: true,
    tag,
    summary: 'Create a job alert for an email, without an account',
    description:
      'The alert stays inactive until the single-use link emailed to the address (valid 7 days) is opened: GET /public/alertes/confirm. ' +
      'The answer is the same whether or not an email was sent (a few unconfirmed requests per address and day). ' +
      'The alert’s emails are written in the language chosen by Accept-Language for this request (fr by default).',
    access: 'public',
    body: PublicAlertBody,
    response: PublicAlertRequest,
    handler: async ({ ctx, koa, body }) =>
      new Reply(
        await createPublicAlert(ctx, {
          ...body,
          langue: languageOf(koa),
        }),
        'Consultez vos emails pour confirmer l’alerte',
      ),
  }),
  route({
    method: 'get',
    path: '/public/alertes/confirm',
    tag,
    summary: 'Confirm a job alert created without an account',
    description: 'Spends the emailed token; 400 INVALID_TOKEN when wrong, used or expired.',
    access: 'public',
    query: AlertTokenQuery,
    response: Alert,
    handler: async ({ ctx, query }) =>
      new Reply(await confirmPublicAlert(ctx, query.token), 'Alerte confirmée'),
  }),
  route({
    method: 'get',
    path: '/alertes/unsubscribe',
    tag,
    summary: 'Unsubscribe page of a job alert (link of the alert emails)',
    description:
      'No login: the token of the alert emails is the proof. An HTML page, in the language of the alert’s emails, that ' +
      'names the alert and has a button posting to POST /alertes/unsubscribe/form. Opening the link changes nothing ' +
      '(mail scanners and link previews open links too). 404 (JSON envelope) for an unknown token.',
    access: 'public',
    query: AlertTokenQuery,
    envelope: false,
    produces: 'text/html',
    response: htmlPage,
    errors: { 404: 'no alert has this token' },
    handler: async ({ ctx, koa, query }) => {
      const alert = await alertToUnsubscribe(ctx, query.token);
      sendUnsubscribeConfirm(koa, alert.langue, alertTexts(alert.langue, alert.keywords), {
        action: formAction('/alertes/unsubscribe', query.token),
        nothingLeft: !alert.active,
      });
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: '/alertes/unsubscribe/form',
    tag,
    summary: 'Unsubscribe from a job alert (the button of the unsubscribe page)',
    description:
      'What the page of GET /alertes/unsubscribe posts: turns the alert off (idempotent) and answers a short HTML page in ' +
      'the language of the alert’s emails. A form body, if any, is ignored. 404 (JSON envelope) for an unknown token.',
    access: 'public',
    query: AlertTokenQuery,
    envelope: false,
    produces: 'text/html',
    response: htmlPage,
    errors: { 404: 'no alert has this token' },
    handler: async ({ ctx, koa, query }) => {
      const alert = await alertToUnsubscribe(ctx, query.token);
      await unsubscribeAlert(ctx, query.token);
      sendUnsubscribeDone(koa, alert.langue, alertTexts(alert.langue, alert.keywords));
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: '/alertes/unsubscribe',
    tag,
    summary: 'One-click unsubscribe (RFC 8058)',
    description:
      `${unsubscribeDescription} The URL of the emails’ \`List-Unsubscribe\` header: mail clients POST ` +
      '`List-Unsubscribe=One-Click` as a form body, which is ignored; a frontend may POST here too.',
    access: 'public',
    query: AlertTokenQuery,
    response: Alert,
    errors: { 404: 'no alert has this token' },
    handler: async ({ ctx, query }) =>
      new Reply(await unsubscribeAlert(ctx, query.token), 'Vous ne recevrez plus cette alerte'),
  }),
]);
