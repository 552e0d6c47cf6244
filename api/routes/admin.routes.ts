/**
 * Administration, ADMIN and SUPER_ADMIN unless said. This file holds
 * the moderation lists and their actions (candidates, recruiters list, companies, offers,
 * applications) and gathers the other admin route files: reference data, dashboard, account and
 * admins, blog moderation. Recruiter approval routes live in admin-recruteurs.routes.ts.
 */
import Type, { type TSchema } from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, Nullable, PageQuery, pageOf, StringEnum } from '../schemas/common.ts';
import {
  AdminCandidat,
  AdminCandidature,
  CandidatDuplicateGroup,
  AdminEntreprise,
  AdminOffre,
  AdminRecruteur,
  ENTREPRISE_STATUS_VALUES,
  RECRUTEUR_STATUS_FILTER,
} from '../schemas/admin.ts';
import { listAdminCandidats } from '../../domain/candidats/list-all-candidats.ts';
import { listCandidatDuplicates } from '../../domain/candidats/candidat-duplicates.ts';
import { disableCandidat } from '../../domain/candidats/disable-candidat.ts';
import { enableCandidat } from '../../domain/candidats/enable-candidat.ts';
import { listAdminRecruteurs } from '../../domain/recruteurs/list-all-recruteurs.ts';
import { listAdminEntreprises } from '../../domain/entreprises/list-all-entreprises.ts';
import { updateEntrepriseByAdmin } from '../../domain/entreprises/update-entreprise-by-admin.ts';
import { deleteEntrepriseByAdmin } from '../../domain/entreprises/delete-entreprise.ts';
import { setEntreprisePlan } from '../../domain/entreprises/set-entreprise-plan.ts';
import { listAdminOffres } from '../../domain/offres/list-all-offres.ts';
import { archiveOffreByAdmin } from '../../domain/offres/archive-offre-by-admin.ts';
import { deleteOffreByAdmin } from '../../domain/offres/delete-offre-by-admin.ts';
import { listAdminCandidatures } from '../../domain/candidatures/list-all-candidatures.ts';
import { CANDIDATURE_STATUSES } from '../../models/candidature.ts';
import { PLANS } from '../../models/entreprise.ts';
import { OFFRE_STATUSES } from '../../models/offre.ts';
import { routes as referenceRoutes } from './admin-reference.routes.ts';
import { routes as searchRoutes } from './admin-search.routes.ts';
import { routes as dashboardRoutes } from './admin-dashboard.routes.ts';
import { routes as accountRoutes } from './admin-account.routes.ts';
import { routes as blogRoutes } from './admin-blog.routes.ts';
import { LONG_TEXT_BODY_LIMIT } from '../http/body-limit.ts';

const ADMINS = ['ADMIN', 'SUPER_ADMIN'] as const;

const Q = Type.Optional(
  Type.String({ maxLength: 200, description: 'contains, case- and accent-insensitive' }),
);
const listQuery = (filters: Record<string, TSchema>) => Type.Object({ ...PageQuery, q: Q, ...filters });
const sorts = (fields: string) => `Sort fields: ${fields}.`;
const enumOf = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Optional(StringEnum(values, description ? { description } : {}));

const moderation = defineRoutes([
  route({
    method: 'get',
    path: '/admin/candidates',
    tag: 'Candidate Admin',
    summary: 'Candidates (moderation list)',
    description: `\`q\` matches email, nom, prenom. ${sorts('createdAt (default desc), nom, prenom, email, id')}`,
    access: ADMINS,
    envelope: false,
    query: listQuery({ enabled: Type.Optional(Type.Boolean()) }),
    response: pageOf(AdminCandidat),
    handler: ({ ctx, query }) => listAdminCandidats(ctx, query),
  }),
  route({
    method: 'get',
    path: '/admin/candidates/duplicates',
    tag: 'Candidate Admin',
    summary: 'Candidate accounts that are probably one person',
    description:
      'Groups of candidate accounts sharing a phone number (compared in E.164), or a Gmail mailbox once the dots and ' +
      'the `+tag` of the address are removed (gmail.com and googlemail.com alike). Groups by reason (PHONE first) ' +
      'then key; no sort parameter.',
    access: ADMINS,
    envelope: false,
    query: Type.Object({ page: PageQuery.page, size: PageQuery.size }),
    response: pageOf(CandidatDuplicateGroup),
    handler: ({ ctx, query }) => listCandidatDuplicates(ctx, query),
  }),
  route({
    method: 'post',
    path: '/admin/candidates/{id}/disable',
    tag: 'Candidate Admin',
    summary: 'Disable a candidate account',
    description: 'The account can no longer sign in and every token it holds is revoked at once. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: AdminCandidat,
    handler: async ({ ctx, params }) =>
      new Reply(await disableCandidat(ctx, { candidateId: params.id }), 'Candidate disabled'),
  }),
  route({
    method: 'post',
    path: '/admin/candidates/{id}/enable',
    tag: 'Candidate Admin',
    summary: 'Enable a candidate account',
    description: 'The account may sign in again. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: AdminCandidat,
    handler: async ({ ctx, params }) =>
      new Reply(await enableCandidat(ctx, { candidateId: params.id }), 'Candidate enabled'),
  }),
  route({
    method: 'get',
    path: '/admin/recruiters',
    tag: 'Recruiter Admin',
    summary: 'Recruiters (moderation list)',
    description: `\`q\` matches email, nom, prenom and company name; \`status=PENDING\` is PENDING_APPROVAL. ${sorts('createdAt (default desc), nom, email, status, entrepriseNom, id')}`,
    access: ADMINS,
    envelope: false,
    query: listQuery({ status: enumOf(RECRUTEUR_STATUS_FILTER), entrepriseId: Type.Optional(Id) }),
    response: pageOf(AdminRecruteur),
    handler: ({ ctx, query }) => listAdminRecruteurs(ctx, query),
  }),
  route({
    method: 'get',
    path: '/admin/entreprises',
    tag: 'Admin - Entreprises',
    summary: 'Companies (moderation list)',
    description: `\`q\` matches the company name. ${sorts('createdAt (default desc), nomEntreprise, plan, status, id')}`,
    access: ADMINS,
    envelope: false,
    query: listQuery({
      plan: enumOf(PLANS),
      secteurId: Type.Optional(Id),
      status: enumOf(ENTREPRISE_STATUS_VALUES),
    }),
    response: pageOf(AdminEntreprise),
    handler: ({ ctx, query }) => listAdminEntreprises(ctx, query),
  }),
  route({
    method: 'put',
    path: '/admin/entreprises/{id}',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag: 'Admin - Entreprises',
    summary: 'Edit a company (name, sector, description, status)',
    description:
      'Only the fields sent change. `status: DISABLED` marks the company as disabled by moderation. An unknown sector is a 400. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    body: Type.Object(
      {
        nomEntreprise: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
        secteurActiviteId: Type.Optional(Nullable(Id)),
        description: Type.Optional(Nullable(Type.String({ maxLength: 20000 }))),
        status: enumOf(ENTREPRISE_STATUS_VALUES),
      },
      { minProperties: 1 },
    ),
    response: AdminEntreprise,
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await updateEntrepriseByAdmin(ctx, {
          entrepriseId: params.id,
          ...body,
        }),
        'Company updated',
      ),
  }),
  route({
    method: 'delete',
    path: '/admin/entreprises/{id}',
    tag: 'Admin - Entreprises',
    summary: 'Delete a company',
    description:
      'Refused with 409 ENTREPRISE_IN_USE while recruiters belong to it. Offers left by deleted recruiters are deleted with it (with their applications). Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: Empty,
    errors: { 409: 'ENTREPRISE_IN_USE' },
    handler: async ({ ctx, params }) =>
      new Reply(await deleteEntrepriseByAdmin(ctx, { entrepriseId: params.id }), 'Company deleted'),
  }),
  route({
    method: 'put',
    path: '/admin/entreprises/{id}/plan',
    tag: 'Admin - Entreprises',
    summary: "Set a company's plan",
    description:
      'GRATUIT, ESSENTIEL, PRO, ENTREPRISE = 1 / 5 / 20 / unlimited PUBLISHED offers at once. A lower plan unpublishes nothing: the quota applies to the next publish. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    body: Type.Object({ plan: StringEnum(PLANS) }),
    response: AdminEntreprise,
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await setEntreprisePlan(ctx, {
          entrepriseId: params.id,
          plan: body.plan,
        }),
        'Plan updated',
      ),
  }),
  route({
    method: 'get',
    path: '/admin/offres',
    tag: 'Admin - Offres',
    summary: 'Offers of every company, any state',
    description: `\`q\` matches the title and the company name. ${sorts('createdAt (default desc), publishedAt, titre, status, totalCandidatures, id')}`,
    access: ADMINS,
    envelope: false,
    query: listQuery({ status: enumOf(OFFRE_STATUSES), entrepriseId: Type.Optional(Id) }),
    response: pageOf(AdminOffre),
    handler: ({ ctx, query }) => listAdminOffres(ctx, query),
  }),
  route({
    method: 'post',
    path: '/admin/offres/{id}/archive',
    tag: 'Admin - Offres',
    summary: 'Archive a published offer',
    description:
      'PUBLISHED -> ARCHIVED, emits `offre.closed` (reason ADMIN_ARCHIVED); any other state is 409 INVALID_TRANSITION. Audited.',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) }),
    response: AdminOffre,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params, body }) =>
      new Reply(
        await archiveOffreByAdmin(ctx, {
          offreId: params.id,
          reason: body.reason,
        }),
        'Offer archived',
      ),
  }),
  route({
    method: 'delete',
    path: '/admin/offres/{id}',
    tag: 'Admin - Offres',
    summary: 'Delete an offer (any state)',
    description:
      'Deletes the offer with its applications, notes and saved copies. Audited (title and company kept in the audit entry).',
    access: ADMINS,
    params: Type.Object({ id: Id }),
    response: Empty,
    handler: async ({ ctx, params }) =>
      new Reply(await deleteOffreByAdmin(ctx, { offreId: params.id }), 'Offer deleted'),
  }),
  route({
    method: 'get',
    path: '/admin/candidatures',
    tag: 'Admin - Candidatures',
    summary: 'Applications of every offer',
    description: `\`q\` matches the candidate's name or email and the offer title. ${sorts('dateCandidature (default desc), lastActionDate, status, id')}`,
    access: ADMINS,
    envelope: false,
    query: listQuery({ status: enumOf(CANDIDATURE_STATUSES), offreId: Type.Optional(Id) }),
    response: pageOf(AdminCandidature),
    handler: ({ ctx, query }) => listAdminCandidatures(ctx, query),
  }),
]);

export const routes = defineRoutes([
  ...moderation,
  ...referenceRoutes,
  ...searchRoutes,
  ...dashboardRoutes,
  ...accountRoutes,
  ...blogRoutes,
]);
