/**
 * Consent-first talent pools, the candidate's side: the pool invitations sent to the account's
 * email, accept or decline, and the opt-out link of every invitation email: GET shows a
 * confirmation page and changes nothing (mail scanners open links), its button POSTs to the
 * `/form` route; POST on the link itself is RFC 8058's one-click opt-out (JSON).
 */
import Type from 'typebox';
import { defineRoutes, Raw, Reply, route } from '../http/route.ts';
import { Id } from '../schemas/common.ts';
import { PoolInvitation } from '../schemas/vivier.ts';
import {
  answerPoolInvitation,
  listMyPoolInvitations,
  optOutOfPoolInvitations,
  poolOptOutLangue,
} from '../../domain/viviers/candidat-pool-invitations.ts';
import { languageOf } from '../i18n/language.ts';
import { formAction, poolTexts, sendUnsubscribeConfirm, sendUnsubscribeDone } from './unsubscribe-pages.ts';
import { DECLINE_BLOCK_DAYS } from '../../domain/viviers/pool-invitation-rules.ts';

const tag = 'Talent Pool';
const CANDIDAT = ['CANDIDAT'] as const;

const TokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
const OptedOut = Type.Object({ optedOut: Type.Boolean() });
const answerNote =
  'Only a PENDING invitation can be answered (else 409 INVALID_TRANSITION); another address’s invitation is a 404.';
const optOutNote =
  'No company can send pool invitations to this address any more. The link of every invitation email; an unknown token is a 404.';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/candidats/me/pool-invitations',
    tag,
    summary: 'Pool invitations sent to my email address',
    description:
      'Until the candidate accepts, a company that put the address in a talent pool sees none of the account’s data (profile, CV, photo) and the pool member shows no `candidatId`.',
    access: CANDIDAT,
    response: Type.Array(PoolInvitation),
    handler: ({ ctx }) => listMyPoolInvitations(ctx),
  }),
  route({
    method: 'post',
    path: '/candidats/me/pool-invitations/{id}/accept',
    tag,
    summary: 'Accept a pool invitation',
    description: `Links the pool member to my account: the company's active recruiters may then read my profile, CV and photo. ${answerNote}`,
    access: CANDIDAT,
    params: Type.Object({ id: Id }),
    response: PoolInvitation,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) =>
      new Reply(await answerPoolInvitation(ctx, params.id, 'ACCEPTED'), 'Invitation acceptée'),
  }),
  route({
    method: 'post',
    path: '/candidats/me/pool-invitations/{id}/decline',
    tag,
    summary: 'Decline a pool invitation',
    description: `The company keeps no access to my account and may not invite this address again for ${DECLINE_BLOCK_DAYS} days. ${answerNote}`,
    access: CANDIDAT,
    params: Type.Object({ id: Id }),
    response: PoolInvitation,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) =>
      new Reply(await answerPoolInvitation(ctx, params.id, 'DECLINED'), 'Invitation refusée'),
  }),
  route({
    method: 'get',
    path: '/public/pool-invitations/opt-out',
    tag,
    summary: 'Opt-out page of pool invitations (link of the invitation emails)',
    description:
      'An HTML page (in the language of the account with that address, else of the request) with a button posting to ' +
      'POST /public/pool-invitations/opt-out/form. Opening the link changes nothing (mail scanners and link previews ' +
      'open links too). An unknown token is a 404 (JSON envelope).',
    access: 'public',
    query: TokenQuery,
    envelope: false,
    produces: 'text/html',
    response: Type.String({ description: 'an HTML page' }),
    errors: { 404: 'unknown token' },
    handler: async ({ ctx, koa, query }) => {
      const lang = (await poolOptOutLangue(ctx, query.token)) ?? languageOf(koa);
      sendUnsubscribeConfirm(koa, lang, poolTexts(lang), {
        action: formAction('/public/pool-invitations/opt-out', query.token),
      });
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: '/public/pool-invitations/opt-out/form',
    tag,
    summary: 'Stop every pool invitation to my address (the button of the opt-out page)',
    description: `${optOutNote} What the page of GET /public/pool-invitations/opt-out posts; answers a short HTML page. A form body, if any, is ignored.`,
    access: 'public',
    query: TokenQuery,
    envelope: false,
    produces: 'text/html',
    response: Type.String({ description: 'an HTML page' }),
    errors: { 404: 'unknown token' },
    handler: async ({ ctx, koa, query }) => {
      const lang = (await poolOptOutLangue(ctx, query.token)) ?? languageOf(koa);
      await optOutOfPoolInvitations(ctx, query.token);
      sendUnsubscribeDone(koa, lang, poolTexts(lang));
      return Raw.instance;
    },
  }),
  route({
    method: 'post',
    path: '/public/pool-invitations/opt-out',
    tag,
    summary: 'One-click opt-out of pool invitations (RFC 8058)',
    description: `${optOutNote} Mail clients POST \`List-Unsubscribe=One-Click\` as a form body, which is ignored.`,
    access: 'public',
    query: TokenQuery,
    response: OptedOut,
    errors: { 404: 'unknown token' },
    handler: async ({ ctx, query }) =>
      new Reply(
        await optOutOfPoolInvitations(ctx, query.token),
        'Vous ne recevrez plus d’invitation de vivier',
      ),
  }),
]);
