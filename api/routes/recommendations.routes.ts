/** Recommendations with reasons: offers for the candidate, candidates for an offer, and what goes with them. */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, PageQuery, pageOf } from '../schemas/common.ts';
import {
  DismissBody,
  Dismissal,
  InvitationResult,
  InviteToApplyBody,
  RecommendationPreferences,
  RecommendationPreferencesUpdate,
  RecommendedOffre,
  SuggestedCandidat,
  WeightsTable,
} from '../schemas/recommendation.ts';
import {
  dismissOffre,
  getMyPreferences,
  inviteSuggestedCandidat,
  listMyDismissals,
  listWeights,
  MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY,
  recommendOffres,
  suggestCandidats,
  undoDismissOffre,
  updateMyPreferences,
} from '../../domain/recommendations/index.ts';

const tag = 'Recommandations';
const page = Type.Object({ page: PageQuery.page, size: PageQuery.size }, { additionalProperties: false });

const REASONS =
  'Every result carries its reasons: `score` (the sum of `parts` plus the `feedback` contributions), `parts` (each part of the match already multiplied by its weight), ' +
  '`matched` (title, skills, city, region, distanceKm, level, salary, contract, remote, language) and `missing.skills`; the field descriptions of the answer schema say what each means. ' +
  'Weights by name: GET /recommandations/poids.';

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/candidats/me/recommandations',
    tag,
    summary: 'Offers recommended to me',
    description:
      'Published offers ranked against my profile (job title and skills through the search analysis and synonyms, the bilingual job-title table included; city and region; experience level; ' +
      'salary; contract types; remote wish; language) and my preferences (GET/PUT /candidats/me/recommandations/preferences). An offer shares at least one title or skill concept with the profile. ' +
      'Hard filters, when set in the preferences: contract types, minimum salary (offers whose top salary is known and lower are left out), radius around my city, remote only. ' +
      'Offers I applied to or dismissed never appear, nor closed or expired ones. A profile with neither job title nor skills gets an empty page. ' +
      REASONS,
    access: ['CANDIDAT'],
    query: page,
    envelope: false,
    response: pageOf(RecommendedOffre),
    handler: ({ ctx, query }) => recommendOffres(ctx, query),
  }),
  route({
    method: 'get',
    path: '/candidats/me/recommandations/preferences',
    tag,
    summary: 'My matching preferences',
    description:
      'Hard filters, remote wish, visibility to recruiters, invitations to apply and the weekly digest. Defaults when never set.',
    access: ['CANDIDAT'],
    response: RecommendationPreferences,
    handler: ({ ctx }) => getMyPreferences(ctx),
  }),
  route({
    method: 'put',
    path: '/candidats/me/recommandations/preferences',
    leavesPublicAnswers: true,
    tag,
    summary: 'Change my matching preferences',
    description:
      'Fields left out keep their value; null clears a filter. `visibleRecruteurs: false` takes me out of every company’s suggested candidates; `invitationsAcceptees: false` refuses invitations to apply.',
    access: ['CANDIDAT'],
    body: RecommendationPreferencesUpdate,
    response: RecommendationPreferences,
    message: 'Préférences enregistrées',
    handler: ({ ctx, body }) => updateMyPreferences(ctx, body),
  }),
  route({
    method: 'post',
    path: '/candidats/me/recommandations/{offreId}/ecarter',
    leavesPublicAnswers: true,
    tag,
    summary: 'Not interested in this offer',
    description:
      'The offer never comes back in my recommendations nor digests, and I am no longer suggested for it. The reason feeds the feedback weights ' +
      '(METIER and COMPETENCES lower offers with a similar title, ENTREPRISE the company’s offers, CONTRAT offers of that contract). Dismissing again changes the reason. 404 for an unknown or unpublished offer.',
    access: ['CANDIDAT'],
    params: Type.Object({ offreId: Id }),
    body: DismissBody,
    response: Dismissal,
    errors: { 404: 'unknown or unpublished offer' },
    message: 'Offre écartée',
    handler: ({ ctx, params, body }) => dismissOffre(ctx, params.offreId, body),
  }),
  route({
    method: 'delete',
    path: '/candidats/me/recommandations/{offreId}/ecarter',
    leavesPublicAnswers: true,
    tag,
    summary: 'Undo a dismissal',
    description: 'The offer may be recommended again. 404 when it was not dismissed.',
    access: ['CANDIDAT'],
    params: Type.Object({ offreId: Id }),
    response: Empty,
    errors: { 404: 'the offer was not dismissed' },
    handler: async ({ ctx, params }) => {
      await undoDismissOffre(ctx, params.offreId);
      return new Reply({}, 'Offre de nouveau recommandable');
    },
  }),
  route({
    method: 'get',
    path: '/candidats/me/recommandations/ecartees',
    tag,
    summary: 'Offers I dismissed',
    description: 'Most recent first, with the reason given.',
    access: ['CANDIDAT'],
    query: page,
    envelope: false,
    response: pageOf(Dismissal),
    handler: ({ ctx, query }) => listMyDismissals(ctx, query),
  }),
  route({
    method: 'get',
    path: '/offres/{offreId}/candidats-suggeres',
    tag,
    summary: 'Candidates suggested for an offer',
    description:
      'Candidates ranked against this offer of my company by the same comparison as the recommended offers. Only candidates who left themselves visible to recruiters and whose profile is public, ' +
      'or who are members of one of my company’s pools and accepted it (`source`: PROFIL_PUBLIC or VIVIER). Never a candidate who hid the profile or opted out, ' +
      'one who applied to the offer or dismissed it, nor one whose own hard filters refuse the offer. Shows no email, phone or salary. ' +
      'ACTIVE recruiters only (403 ACCOUNT_NOT_ACTIVE otherwise); another company’s offer is a 404. ' +
      REASONS,
    access: ['RECRUTEUR'],
    params: Type.Object({ offreId: Id }),
    query: page,
    envelope: false,
    response: pageOf(SuggestedCandidat),
    errors: { 404: 'unknown offer, or an offer of another company' },
    handler: ({ ctx, params, query }) => suggestCandidats(ctx, params.offreId, query),
  }),
  route({
    method: 'post',
    path: '/offres/{offreId}/candidats-suggeres/{candidatId}/invitation',
    tag,
    summary: 'Invite a suggested candidate to apply',
    description:
      `Emails the candidate an invitation to apply to this PUBLISHED offer (400 otherwise), replies going to the recruiter; audited. A candidate the company may not see among its suggestions is a 404. ` +
      `409 INVITATION_OPTED_OUT when the candidate refuses invitations (preferences, or the pool-invitation opt-out of the address), 409 ALREADY_INVITED once per offer and candidate, ` +
      `409 ALREADY_APPLIED. At most ${MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY} invitations per company per calendar day in Cameroon (429 INVITE_QUOTA_EXCEEDED).`,
    access: ['RECRUTEUR'],
    params: Type.Object({ offreId: Id, candidatId: Id }),
    body: InviteToApplyBody,
    response: InvitationResult,
    errors: {
      404: 'unknown offer or candidate, or not visible to this company',
      409: 'INVITATION_OPTED_OUT, ALREADY_INVITED, ALREADY_APPLIED',
      429: 'INVITE_QUOTA_EXCEEDED',
    },
    message: 'Invitation envoyée',
    handler: ({ ctx, params, body }) => inviteSuggestedCandidat(ctx, params.offreId, params.candidatId, body),
  }),
  route({
    method: 'get',
    path: '/recommandations/poids',
    tag,
    summary: 'The weights of the recommendation score',
    description:
      'Every part of the match and every feedback weight, by the name results use, with what it measures.',
    access: 'public',
    response: WeightsTable,
    handler: async () => listWeights(),
  }),
]);
