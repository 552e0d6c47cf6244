/**
 * Trust for candidates (domain/trust): reporting an offer, a company's web-domain verification, and
 * the administrators' side: the queue ordered by risk, publish/reject decisions, verification
 * withdrawal, and the scam rules as data (versioned).
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { idParams } from '../schemas/common.ts';
import { ReasonBody, OptionalReasonBody } from '../schemas/auth.ts';
import { DateTime, Nullable, StringEnum } from '../../domain/shapes/common.ts';
import { Verification } from '../../domain/shapes/trust.ts';
import { REPORT_REASONS } from '../../models/offre-report.ts';
import {
  confirmDomainVerification,
  createScamRule,
  disableScamRule,
  getScamRuleHistory,
  listModerationQueue,
  listScamRules,
  rejectOffre,
  releaseOffre,
  reportOffre,
  requestDomainVerification,
  restoreVerification,
  updateScamRule,
  withdrawVerification,
} from '../../domain/trust/index.ts';

const tag = 'Trust';
const admins = ['ADMIN', 'SUPER_ADMIN'] as const;

const ReportBody = Type.Object(
  {
    reason: StringEnum(REPORT_REASONS, {
      description: 'ASKS_FOR_MONEY, FAKE_COMPANY, DISCRIMINATORY, EXPIRED or MISLEADING',
    }),
    details: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    email: Type.Optional(
      Nullable(
        Type.String({
          format: 'email',
          maxLength: 254,
          description:
            'anonymous reporters: where to send the outcome (signed-in reporters get it at their account’s address)',
        }),
      ),
    ),
    langue: Type.Optional(
      StringEnum(['fr', 'en'], { description: 'language of the outcome email (anonymous reporters)' }),
    ),
  },
  { additionalProperties: false },
);

const RuleKind = StringEnum(['REGEX', 'PHRASE'], {
  description:
    'REGEX: a regular expression in JavaScript syntax on normalised text (lower case, no accents), run in linear time (RE2: no lookahead, no backreference); PHRASE: words matched whole',
});
const Code = Type.String({ minLength: 2, maxLength: 60, pattern: '^[A-Z][A-Z0-9_]*$' });
const Languages = Type.Array(StringEnum(['fr', 'en']), { minItems: 1, maxItems: 2 });
const Pattern = Type.String({ minLength: 1, maxLength: 2000 });

const ScamRuleShape = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  kind: RuleKind,
  pattern: Type.String(),
  exceptPattern: Nullable(
    Type.String({ description: 'a sentence matching this is never a hit (negations: “aucun frais”)' }),
  ),
  languages: Type.Array(Type.String()),
  reasonCode: Type.String(),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  version: Type.Integer({
    minimum: 1,
    description: 'bumped by every change; each version is kept (GET .../history)',
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
});

const ruleFields = {
  kind: RuleKind,
  pattern: Pattern,
  exceptPattern: Type.Optional(Nullable(Pattern)),
  languages: Type.Optional(Languages),
  reasonCode: Code,
  description: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  enabled: Type.Optional(Type.Boolean()),
};

const ScamRuleCreateBody = Type.Object({ code: Code, ...ruleFields }, { additionalProperties: false });
const ScamRuleUpdateBody = Type.Object(
  {
    kind: Type.Optional(RuleKind),
    pattern: Type.Optional(Pattern),
    exceptPattern: Type.Optional(Nullable(Pattern)),
    languages: Type.Optional(Languages),
    reasonCode: Type.Optional(Code),
    description: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const QueueItemShape = Type.Object({
  kind: StringEnum(['OFFRE', 'COMPANY']),
  risk: Type.Integer({
    description:
      'higher first: 10 per open report, +30 hidden, +20 held (+5 per scam reason); new unverified company 5 (+2 per public offer)',
  }),
  since: DateTime,
  entrepriseId: Type.Integer(),
  nomEntreprise: Type.String(),
  offreId: Nullable(Type.Integer()),
  titre: Nullable(Type.String()),
  offreStatus: Nullable(Type.String()),
  moderationStatus: Nullable(
    Type.String({ description: 'HELD or HIDDEN for an offer; the verification status for a company' }),
  ),
  reasons: Type.Array(Type.String()),
  openReports: Type.Integer(),
  reportReasons: Type.Array(Type.String()),
});

const DecisionShape = Type.Object({
  offreId: Type.Integer(),
  status: StringEnum(['RELEASED', 'REJECTED']),
  offreStatus: Type.String(),
  reportsResolved: Type.Integer({
    description: 'open reports closed by this decision (their reporters are emailed)',
  }),
});

const EntrepriseVerificationShape = Type.Object({ entrepriseId: Type.Integer(), verification: Verification });

const offreParams = idParams('offreId');

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/offres/{offreId}/report',
    tag,
    summary: 'Report an offer',
    description:
      'Anyone may report a public offer, signed in or not (anonymous callers are limited like applications, per client). One report per reporter and offer (409 OFFRE_ALREADY_REPORTED). When the offer reaches TRUST_REPORTS_TO_HIDE open reports from distinct reporters (3 by default) it is hidden until an administrator decides; reporters are emailed the outcome. The offer’s company never learns who reported.',
    access: 'optional',
    rateCategory: 'application',
    params: offreParams,
    body: ReportBody,
    response: Type.Object({ offreId: Type.Integer(), reported: Type.Literal(true) }),
    errors: { 409: 'OFFRE_ALREADY_REPORTED' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await reportOffre(ctx, { offreId: params.offreId, ...body }), 'Signalement enregistré'),
  }),
  route({
    method: 'post',
    path: '/trust/domain-verification',
    tag,
    summary: 'Verify the company by its web domain',
    description:
      'An ACTIVE recruiter gives an address on the domain of its company’s web site (siteWeb, or a sub-domain of it); a link valid 7 days is emailed there. Following it adds DOMAIN_EMAIL to the company’s verification.',
    access: ['RECRUTEUR'],
    body: Type.Object(
      { email: Type.String({ format: 'email', maxLength: 254 }) },
      { additionalProperties: false },
    ),
    response: Type.Object({ email: Type.String(), domain: Type.String(), expiresAt: DateTime }),
    handler: async ({ ctx, body }) => new Reply(await requestDomainVerification(ctx, body), 'Lien envoyé'),
  }),
  route({
    method: 'get',
    path: '/trust/domain-verification/confirm',
    tag,
    summary: 'Confirm a web-domain verification link',
    description: 'The link of the email: 401 TOKEN_INVALID when unknown or expired.',
    access: 'public',
    errors: { 401: 'TOKEN_INVALID: unknown or expired link' },
    query: Type.Object(
      { token: Type.String({ minLength: 10, maxLength: 200 }) },
      { additionalProperties: false },
    ),
    response: Type.Object({
      entrepriseId: Type.Integer(),
      domain: Type.String(),
      verification: Verification,
    }),
    handler: ({ ctx, query }) => confirmDomainVerification(ctx, query.token),
  }),
  route({
    method: 'get',
    path: '/admin/trust/queue',
    tag,
    summary: 'Moderation queue, most risky first',
    description:
      'Offers held by the scam rules, hidden by reports or with open reports, and companies created in the last 30 days that nothing verifies yet, ordered by risk then age.',
    access: admins,
    query: Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
      { additionalProperties: false },
    ),
    response: Type.Array(QueueItemShape),
    handler: ({ ctx, query }) => listModerationQueue(ctx, { limit: query.limit }),
  }),
  route({
    method: 'post',
    path: '/admin/trust/offres/{offreId}/publish',
    tag,
    summary: 'Publish a held or hidden offer',
    description:
      'A held DRAFT becomes PUBLISHED; a hidden or held PUBLISHED offer is shown again; open reports are closed as kept and their reporters emailed. Audited; emits `offre.released` (and `offre.published` for a draft); the recruiter is emailed. A draft is published as the recruiter’s publish would: a company already at its plan’s number of published offers gets 409 PLAN_QUOTA_EXCEEDED, a deadline already past 409 INVALID_TRANSITION (the offer stays held).',
    access: admins,
    params: offreParams,
    body: OptionalReasonBody,
    response: DecisionShape,
    errors: { 409: 'INVALID_TRANSITION, PLAN_QUOTA_EXCEEDED' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await releaseOffre(ctx, params.offreId, body.reason ?? null), 'Offre publiée'),
  }),
  route({
    method: 'post',
    path: '/admin/trust/offres/{offreId}/reject',
    tag,
    summary: 'Reject a held, hidden or reported offer',
    description:
      '`reason` required. A PUBLISHED offer is archived; a DRAFT stays a draft, and publishing it again sends it back to the queue. Open reports are closed as removed and their reporters emailed. Audited; emits `offre.rejected`; the recruiter is emailed with the reason.',
    access: admins,
    params: offreParams,
    body: ReasonBody,
    response: DecisionShape,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await rejectOffre(ctx, params.offreId, body.reason), 'Offre refusée'),
  }),
  route({
    method: 'post',
    path: '/admin/trust/entreprises/{entrepriseId}/withdraw-verification',
    tag,
    summary: 'Withdraw a company’s verification',
    description:
      '`reason` required: the company shows WITHDRAWN on every public view until restored. Audited; its recruiters are emailed.',
    access: admins,
    params: idParams('entrepriseId'),
    body: ReasonBody,
    response: EntrepriseVerificationShape,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params, body }) =>
      new Reply(await withdrawVerification(ctx, params.entrepriseId, body.reason), 'Vérification retirée'),
  }),
  route({
    method: 'post',
    path: '/admin/trust/entreprises/{entrepriseId}/restore-verification',
    tag,
    summary: 'Restore a withdrawn verification',
    description: 'Ends a withdrawal: the methods that hold show again. Audited.',
    access: admins,
    params: idParams('entrepriseId'),
    response: EntrepriseVerificationShape,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) =>
      new Reply(await restoreVerification(ctx, params.entrepriseId), 'Vérification rétablie'),
  }),
  route({
    method: 'get',
    path: '/admin/trust/scam-rules',
    tag,
    summary: 'Scam rules',
    description: 'Every rule, enabled or not, with its current version.',
    access: admins,
    response: Type.Array(ScamRuleShape),
    handler: ({ ctx }) => listScamRules(ctx),
  }),
  route({
    method: 'post',
    path: '/admin/trust/scam-rules',
    tag,
    summary: 'Create a scam rule',
    description:
      'Version 1 is kept in the history. A pattern that is not a valid regular expression is a 400. Audited.',
    access: admins,
    body: ScamRuleCreateBody,
    response: ScamRuleShape,
    errors: { 409: 'CONFLICT' },
    handler: async ({ ctx, body }) => new Reply(await createScamRule(ctx, body), 'Règle créée'),
  }),
  route({
    method: 'put',
    path: '/admin/trust/scam-rules/{ruleId}',
    tag,
    summary: 'Change a scam rule',
    description:
      'Changes the fields present; any change bumps the version and keeps the new state in the history. Audited.',
    access: admins,
    params: idParams('ruleId'),
    body: ScamRuleUpdateBody,
    response: ScamRuleShape,
    handler: async ({ ctx, params, body }) =>
      new Reply(await updateScamRule(ctx, params.ruleId, body), 'Règle modifiée'),
  }),
  route({
    method: 'post',
    path: '/admin/trust/scam-rules/{ruleId}/disable',
    tag,
    summary: 'Disable a scam rule',
    description:
      'Rules are never deleted: a disabled rule keeps its history. A new version is recorded. Audited.',
    access: admins,
    params: idParams('ruleId'),
    response: ScamRuleShape,
    handler: async ({ ctx, params }) =>
      new Reply(await disableScamRule(ctx, params.ruleId), 'Règle désactivée'),
  }),
  route({
    method: 'get',
    path: '/admin/trust/scam-rules/{ruleId}/history',
    tag,
    summary: 'Versions of a scam rule',
    description: 'Oldest first: each version’s full state, who changed it and when.',
    access: admins,
    params: idParams('ruleId'),
    response: Type.Array(
      Type.Object({
        version: Type.Integer(),
        snapshot: Type.Record(Type.String(), Type.Unknown()),
        changedBy: Nullable(Type.String()),
        changedAt: DateTime,
      }),
    ),
    handler: ({ ctx, params }) => getScamRuleHistory(ctx, params.ruleId),
  }),
]);
