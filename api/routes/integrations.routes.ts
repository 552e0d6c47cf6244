/**
 * Third-party integrations (OAuth 2.0): a company's OWNER registers apps, rotates their secrets,
 * lists the apps holding grants for the company and revokes them; administrators review apps.
 * The flows themselves (authorize, token, revocation, introspection) are the authorization
 * server's, under /oauth (api/oauth), and are described in the OpenAPI `oauth2` scheme.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route, type RouteDef } from '../http/route.ts';
import { idParams, Nullable, StringEnum } from '../schemas/common.ts';
import { OptionalReasonBody, ReasonBody } from '../schemas/auth.ts';
import {
  API_SCOPES,
  listAppsForReview,
  listEntrepriseApps,
  listGrantedApps,
  registerApp,
  reviewApp,
  revokeAppForEntreprise,
  rotateClientSecret,
  type AppDecision,
} from '../../domain/integrations/index.ts';

const tag = 'Integrations';
const adminTag = 'Integrations Admin';
const admins = ['ADMIN', 'SUPER_ADMIN'] as const;
const owners = ['RECRUTEUR'] as const;
const params = idParams('appId');
const ownerOnly = 'For the OWNER of the company (an ACTIVE recruiter).';

const App = Type.Object({
  id: Type.Integer(),
  entrepriseId: Type.Integer(),
  clientId: Type.String(),
  clientType: StringEnum(['confidential', 'public'] as const),
  name: Type.String(),
  redirectUris: Type.Array(Type.String()),
  logoUrl: Nullable(Type.String()),
  website: Nullable(Type.String()),
  scopes: Type.Array(Type.String()),
  status: StringEnum(['PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED'] as const),
  statusReason: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
});

const AppWithSecret = Type.Object({
  ...App.properties,
  clientSecret: Nullable(
    Type.String({ description: 'Shown once: only its hash is kept. null for a public client.' }),
  ),
});

const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    redirectUris: Type.Array(Type.String({ maxLength: 500 }), {
      maxItems: 10,
      description:
        'Compared exactly at authorization (no prefix, no wildcard). https, or http on localhost only. ' +
        'None for a confidential app that only uses client credentials.',
    }),
    logoUrl: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    website: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    scopes: Type.Array(StringEnum(API_SCOPES), { minItems: 1, maxItems: API_SCOPES.length }),
    clientType: StringEnum(['confidential', 'public'] as const, {
      description:
        'confidential: a server that keeps a secret (code flow and client credentials); ' +
        'public: a browser or mobile app (code flow with PKCE only).',
    }),
  },
  { additionalProperties: false },
);

const GrantedApp = Type.Object({
  appId: Type.Integer(),
  clientId: Type.String(),
  name: Type.String(),
  logoUrl: Nullable(Type.String()),
  website: Nullable(Type.String()),
  status: Type.String(),
  recruiterIds: Type.Array(Type.Integer()),
  clientCredentials: Type.Boolean(),
  webhookSubscriptions: Type.Integer({
    description: 'webhook subscriptions the app made for the company (managed by the app only)',
  }),
});

const StatusQuery = Type.Object(
  { status: Type.Optional(StringEnum(['PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED'] as const)) },
  { additionalProperties: false },
);

function decisionRoute(d: {
  action: AppDecision;
  summary: string;
  description: string;
  reasonRequired: boolean;
  message: string;
}): RouteDef {
  return route({
    method: 'post',
    path: `/admin/integrations/apps/{appId}/${d.action}`,
    tag: adminTag,
    summary: d.summary,
    description: `${d.description} Audited; the company's owner is emailed.`,
    access: admins,
    params,
    body: d.reasonRequired ? ReasonBody : OptionalReasonBody,
    response: App,
    errors: { 404: 'NOT_FOUND', 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params: p, body }) =>
      new Reply(await reviewApp(ctx, p.appId, d.action, body.reason ?? null), d.message),
  });
}

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/integrations/apps',
    tag,
    summary: 'Register an integration app',
    description:
      `${ownerOnly} The app starts PENDING: it obtains no token until an administrator approves it. ` +
      'A confidential app gets its `clientSecret` in this answer only.',
    access: owners,
    body: RegisterBody,
    response: AppWithSecret,
    message: 'Application enregistrée',
    handler: ({ ctx, body }) => registerApp(ctx, body),
  }),
  route({
    method: 'get',
    path: '/integrations/apps',
    tag,
    summary: 'The company’s integration apps',
    description: `${ownerOnly} Oldest first, without secrets.`,
    access: owners,
    response: Type.Array(App),
    handler: ({ ctx }) => listEntrepriseApps(ctx),
  }),
  route({
    method: 'post',
    path: '/integrations/apps/{appId}/rotate-secret',
    tag,
    summary: 'Rotate an app’s client secret',
    description: `${ownerOnly} Answers the new secret once; the previous one stops working at once.`,
    access: owners,
    params,
    response: AppWithSecret,
    errors: { 404: 'NOT_FOUND', 409: 'PUBLIC_CLIENT_HAS_NO_SECRET' },
    message: 'Secret renouvelé',
    handler: ({ ctx, params: p }) => rotateClientSecret(ctx, p.appId),
  }),
  route({
    method: 'get',
    path: '/integrations/grants',
    tag,
    summary: 'Apps holding access to the company',
    description:
      `${ownerOnly} Every app that a recruiter of the company authorized (code flow), the ` +
      'company’s own apps holding client-credentials tokens, and every app holding webhook ' +
      'subscriptions for the company (counted in `webhookSubscriptions`).',
    access: owners,
    response: Type.Array(GrantedApp),
    handler: ({ ctx }) => listGrantedApps(ctx),
  }),
  route({
    method: 'delete',
    path: '/integrations/grants/{appId}',
    tag,
    summary: 'Revoke an app’s access to the company',
    description:
      `${ownerOnly} Deletes every grant, code, access and refresh token of the app for the company's ` +
      'recruiters (and its client-credentials tokens when it is the company’s own app): every API ' +
      'instance refuses them from the next request. The app’s webhook subscriptions for the company ' +
      'are deleted too (no delivery from then on). Audited.',
    access: owners,
    params,
    response: Type.Object({
      revoked: Type.Integer({ description: 'grants, codes and tokens deleted' }),
      webhookSubscriptions: Type.Integer({ description: 'the app’s webhook subscriptions deleted' }),
    }),
    errors: { 404: 'NOT_FOUND' },
    message: 'Accès révoqué',
    handler: ({ ctx, params: p }) => revokeAppForEntreprise(ctx, p.appId),
  }),
  route({
    method: 'get',
    path: '/admin/integrations/apps',
    tag: adminTag,
    summary: 'Integration apps, for review',
    description: 'Every app, oldest first; `status` filters (PENDING: the ones awaiting review).',
    access: admins,
    query: StatusQuery,
    response: Type.Array(App),
    handler: ({ ctx, query }) => listAppsForReview(ctx, query.status),
  }),
  decisionRoute({
    action: 'approve',
    summary: 'Approve an app',
    description: 'PENDING (or REJECTED) -> APPROVED: the app may obtain tokens.',
    reasonRequired: false,
    message: 'Application approuvée',
  }),
  decisionRoute({
    action: 'reject',
    summary: 'Reject an app',
    description: 'PENDING -> REJECTED, with a required reason.',
    reasonRequired: true,
    message: 'Application refusée',
  }),
  decisionRoute({
    action: 'suspend',
    summary: 'Suspend an app platform-wide',
    description:
      'APPROVED -> SUSPENDED, with a required reason: every token of the app is refused from the next ' +
      'request, on every instance, and it obtains no new one.',
    reasonRequired: true,
    message: 'Application suspendue',
  }),
  decisionRoute({
    action: 'reactivate',
    summary: 'Reactivate a suspended app',
    description: 'SUSPENDED -> APPROVED.',
    reasonRequired: false,
    message: 'Application réactivée',
  }),
]);
