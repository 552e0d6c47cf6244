/**
 * The unsubscribe links of application emails (to candidates: application sent, status changed;
 * to recruiters: new applications), of the candidates' weekly selection of recommended offers and
 * of companies' invitations to apply.
 * GET shows a confirmation page and changes nothing (mail scanners open links), its button POSTs
 * to the `/form` route; POST on the link itself is RFC 8058's one-click unsubscribe (the URL of
 * the emails' `List-Unsubscribe` header).
 */
import Type from 'typebox';
import { defineRoutes, Raw, Reply, route } from '../http/route.ts';
import { StringEnum } from '../../domain/shapes/common.ts';
import {
  notificationSubscription,
  unsubscribeNotifications,
} from '../../domain/candidatures/unsubscribe-notifications.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../domain/candidatures/notification-links.ts';
import {
  formAction,
  sendUnsubscribeConfirm,
  sendUnsubscribeDone,
  type UnsubscribeTexts,
} from './unsubscribe-pages.ts';

const tag = 'Notifications';
const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const Subscription = Type.Object({
  kind: StringEnum(NOTIFICATION_KINDS, { description: 'what the link stops' }),
  active: Type.Boolean({ description: 'false once stopped' }),
});
const PATH = '/public/notifications/unsubscribe';
const note =
  'The link of every application email: `candidatureRecue` and `statutCandidature` turn off the candidate’s `notifications` of that kind, `candidaturesRecruteur` sets the recruiter’s `notificationsCandidatures` to NONE, `digestHebdo` (the weekly selection of recommended offers) turns off the candidate’s `digestHebdo` preference, `invitationsPostuler` (companies’ invitations to apply) the candidate’s `invitationsAcceptees` preference (all can be turned on again from the profile or the preferences). Idempotent; an invalid token is a 404.';

const PAGE_TEXTS: Record<'fr' | 'en', Record<NotificationKind, UnsubscribeTexts>> = {
  fr: {
    candidatureRecue: {
      title: 'Confirmations de candidature',
      question: 'Ne plus recevoir d’email quand vous envoyez une candidature ?',
      button: 'Ne plus recevoir ces emails',
      already: 'Vous ne recevez déjà plus ces emails.',
      done: 'C’est fait : vous ne recevrez plus de confirmation de candidature.',
    },
    statutCandidature: {
      title: 'Nouvelles de vos candidatures',
      question: 'Ne plus recevoir d’email quand une de vos candidatures avance ?',
      button: 'Ne plus recevoir ces emails',
      already: 'Vous ne recevez déjà plus ces emails.',
      done: 'C’est fait : vous ne recevrez plus les nouvelles de vos candidatures.',
    },
    candidaturesRecruteur: {
      title: 'Emails de candidature',
      question: 'Ne plus recevoir d’email pour les nouvelles candidatures à vos offres ?',
      button: 'Ne plus recevoir ces emails',
      already: 'Vous ne recevez déjà plus ces emails.',
      done: 'C’est fait : vous ne recevrez plus d’email de candidature.',
    },
    digestHebdo: {
      title: 'Sélection hebdomadaire d’offres',
      question: 'Ne plus recevoir chaque semaine les offres qui correspondent à votre profil ?',
      button: 'Ne plus recevoir ces emails',
      already: 'Vous ne recevez déjà plus ces emails.',
      done: 'C’est fait : vous ne recevrez plus la sélection hebdomadaire d’offres.',
    },
    invitationsPostuler: {
      title: 'Invitations à postuler',
      question: 'Ne plus recevoir d’invitation à postuler de la part des entreprises ?',
      button: 'Ne plus recevoir ces emails',
      already: 'Vous ne recevez déjà plus ces emails.',
      done: 'C’est fait : les entreprises ne pourront plus vous inviter à postuler.',
    },
  },
  en: {
    candidatureRecue: {
      title: 'Application confirmations',
      question: 'Stop the email sent when you apply to an offer?',
      button: 'Stop these emails',
      already: 'You already stopped these emails.',
      done: 'Done: you will not receive application confirmations any more.',
    },
    statutCandidature: {
      title: 'News about your applications',
      question: 'Stop the emails sent when one of your applications moves?',
      button: 'Stop these emails',
      already: 'You already stopped these emails.',
      done: 'Done: you will not receive news about your applications any more.',
    },
    candidaturesRecruteur: {
      title: 'Application emails',
      question: 'Stop the emails about new applications to your offers?',
      button: 'Stop these emails',
      already: 'You already stopped these emails.',
      done: 'Done: you will not receive application emails any more.',
    },
    digestHebdo: {
      title: 'Weekly selection of offers',
      question: 'Stop the weekly email of the offers that match your profile?',
      button: 'Stop these emails',
      already: 'You already stopped these emails.',
      done: 'Done: you will not receive the weekly selection of offers any more.',
    },
    invitationsPostuler: {
      title: 'Invitations to apply',
      question: 'Stop the invitations to apply that companies send you?',
      button: 'Stop these emails',
      already: 'You already stopped these emails.',
      done: 'Done: companies will not be able to invite you to apply any more.',
    },
  },
};

export const routes = defineRoutes([
  route({
    method: 'get',
    path: PATH,
    tag,
    summary: 'Unsubscribe page of application emails (link of the emails’ footer)',
    description: `${note} An HTML page in the account’s language with a button posting to POST ${PATH}/form. Opening the link changes nothing. An unknown token is a 404 (JSON envelope).`,
    access: 'public',
    query: TokenQuery,
    envelope: false,
    produces: 'text/html',
    response: Type.String({ description: 'an HTML page' }),
    errors: { 404: 'invalid token' },
    handler: async ({ ctx, koa, query }) => {
      const sub = await notificationSubscription(ctx, query.token);
      sendUnsubscribeConfirm(koa, sub.langue, PAGE_TEXTS[sub.langue][sub.kind], {
        action: formAction(PATH, query.token),
        nothingLeft: !sub.active,
      });
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: `${PATH}/form`,
    tag,
    summary: 'Stop these application emails (the button of the unsubscribe page)',
    description: `${note} What the page of GET ${PATH} posts; answers a short HTML page. A form body, if any, is ignored.`,
    access: 'public',
    query: TokenQuery,
    envelope: false,
    produces: 'text/html',
    response: Type.String({ description: 'an HTML page' }),
    errors: { 404: 'invalid token' },
    handler: async ({ ctx, koa, query }) => {
      const sub = await unsubscribeNotifications(ctx, query.token);
      sendUnsubscribeDone(koa, sub.langue, PAGE_TEXTS[sub.langue][sub.kind]);
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: PATH,
    tag,
    summary: 'One-click unsubscribe from application emails (RFC 8058)',
    description: `${note} Mail clients POST \`List-Unsubscribe=One-Click\` as a form body, which is ignored.`,
    access: 'public',
    query: TokenQuery,
    response: Subscription,
    errors: { 404: 'invalid token' },
    handler: async ({ ctx, query }) => {
      const { kind, active } = await unsubscribeNotifications(ctx, query.token);
      return new Reply({ kind, active }, 'Vous ne recevrez plus ces emails');
    },
  }),
]);
