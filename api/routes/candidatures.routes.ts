/**
 * Applications: applying, the candidate's own list and withdrawal,
 * the recruiter's pipeline (list, detail, status moves, notes) and the public check-applied.
 */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, pageOf } from '../schemas/common.ts';
import {
  ApplicationDetail,
  ApplicationItem,
  ApplyBody,
  MyCandidature,
  MyCandidaturesQuery,
  Note,
  NoteBody,
  StatusBody,
  StatusFilterQuery,
} from '../schemas/candidature.ts';
import { applyToOffre } from '../../domain/candidatures/apply-to-offre.ts';
import { listMyCandidatures } from '../../domain/candidatures/list-my-candidatures.ts';
import { withdrawCandidature } from '../../domain/candidatures/withdraw-candidature.ts';
import { listOffreCandidatures } from '../../domain/candidatures/list-offre-candidatures.ts';
import { getCandidature } from '../../domain/candidatures/get-candidature.ts';
import { changeCandidatureStatus } from '../../domain/candidatures/change-candidature-status.ts';
import { addCandidatureNote } from '../../domain/candidatures/add-candidature-note.ts';
import { listCandidatureNotes } from '../../domain/candidatures/list-candidature-notes.ts';
import { checkApplied } from '../../domain/candidatures/check-applied.ts';
import { LONG_TEXT_BODY_LIMIT } from '../http/body-limit.ts';

const tag = 'Candidatures';
const candidatureParams = Type.Object({ candidatureId: Id });
const recruteurRule =
  "Recruiters of the offer's company only (ACTIVE); another company's application is a 404.";
const pipeline =
  'Moves: NEW -> IN_PROGRESS -> TO_MEET -> MET -> HIRED, and any non-final status -> REJECTED; HIRED and REJECTED are final; anything else is 409 INVALID_TRANSITION. Offer counters: NEW nouveaux, IN_PROGRESS enCours, TO_MEET arencontrer, MET rencontres, HIRED embauches, REJECTED refuses.';

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/candidatures',
    bodyLimit: LONG_TEXT_BODY_LIMIT,
    tag,
    summary: 'Apply to an offer',
    description:
      "The offer must be PUBLISHED (a draft or unknown offer is 404; an archived one 409 CONFLICT) and its deadline (a date, inclusive, Cameroon time) not passed (409 CONFLICT). Once per offer: 409 ALREADY_APPLIED, also under concurrent requests. Increments the offer's totalCandidatures and nouveaux and emits `candidature.created` with data `{candidatureId, offreId, candidatId, statut}`.",
    access: ['CANDIDAT'],
    rateCategory: 'application',
    leavesPublicAnswers: true,
    body: ApplyBody,
    response: MyCandidature,
    errors: {
      404: 'unknown or unpublished offer',
      409: 'ALREADY_APPLIED, CONFLICT (offer closed or past its deadline)',
    },
    message: 'Candidature envoyée',
    handler: ({ ctx, body }) => applyToOffre(ctx, body),
  }),
  route({
    method: 'get',
    path: '/candidats/me/candidatures',
    tag,
    summary: "The candidate's applications",
    description:
      'Own applications with the offer title and status and the company; newest first. Optional `status`. Sort fields: dateCandidature, lastActionDate, status.',
    access: ['CANDIDAT'],
    query: MyCandidaturesQuery,
    envelope: false,
    response: pageOf(MyCandidature),
    handler: ({ ctx, query }) => listMyCandidatures(ctx, query),
  }),
  route({
    method: 'delete',
    path: '/candidats/me/candidatures/{candidatureId}',
    tag,
    summary: 'Withdraw an application',
    description:
      "Allowed while the application is NEW or IN_PROGRESS (409 INVALID_TRANSITION later); the application is removed and the offer counters follow. Another candidate's application is a 404.",
    access: ['CANDIDAT'],
    leavesPublicAnswers: true,
    params: candidatureParams,
    response: Empty,
    errors: { 409: 'INVALID_TRANSITION' },
    handler: async ({ ctx, params }) => {
      await withdrawCandidature(ctx, params.candidatureId);
      return new Reply({}, 'Candidature retirée');
    },
  }),
  route({
    method: 'get',
    path: '/offres/{offreId}/candidatures',
    tag,
    summary: 'Applications of an offer',
    description: `Array of Application list items, newest first; optional \`status\` filter. Applications of a deleted candidate account are anonymised (candidate fields null). ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['candidatures:read'],
    params: Type.Object({ offreId: Id }),
    query: StatusFilterQuery,
    response: Type.Array(ApplicationItem),
    handler: ({ ctx, params, query }) => listOffreCandidatures(ctx, params.offreId, query),
  }),
  route({
    method: 'get',
    path: '/candidatures/{candidatureId}',
    tag,
    summary: 'One application',
    description:
      "The Application list item plus the cover letter and the status history, for its candidate or an ACTIVE recruiter of the offer's company; 404 for anyone else.",
    access: ['CANDIDAT', 'RECRUTEUR'],
    scopes: ['candidatures:read'],
    params: candidatureParams,
    response: ApplicationDetail,
    handler: ({ ctx, params }) => getCandidature(ctx, params.candidatureId),
  }),
  route({
    method: 'patch',
    path: '/candidatures/{candidatureId}/status',
    tag,
    summary: 'Move an application along the pipeline',
    description: `${pipeline} Counters are exact under concurrent changes. Writes a status-history entry and emits \`candidature.status_changed\` (data candidatureId, offreId, candidatId, oldStatus, newStatus), plus \`candidat.hired\` on HIRED. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['candidatures:write'],
    leavesPublicAnswers: true,
    params: candidatureParams,
    body: StatusBody,
    response: ApplicationDetail,
    errors: { 409: 'INVALID_TRANSITION' },
    message: 'Statut mis à jour',
    handler: ({ ctx, params, body }) => changeCandidatureStatus(ctx, params.candidatureId, body),
  }),
  route({
    method: 'post',
    path: '/candidatures/{candidatureId}/notes',
    tag,
    summary: 'Add a note to an application',
    description: `Private to the company's recruiters. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['candidatures:write'],
    leavesPublicAnswers: true,
    params: candidatureParams,
    body: NoteBody,
    response: Note,
    message: 'Note ajoutée',
    handler: ({ ctx, params, body }) => addCandidatureNote(ctx, params.candidatureId, body),
  }),
  route({
    method: 'get',
    path: '/candidatures/{candidatureId}/notes',
    tag,
    summary: 'Notes of an application',
    description: `Newest first. ${recruteurRule}`,
    access: ['RECRUTEUR'],
    scopes: ['candidatures:read'],
    params: candidatureParams,
    response: Type.Array(Note),
    handler: ({ ctx, params }) => listCandidatureNotes(ctx, params.candidatureId),
  }),
  route({
    method: 'get',
    path: '/public/offres/{offreId}/check-applied',
    tag,
    summary: 'Has the signed-in candidate applied to this offer?',
    description:
      'Token optional: anonymous callers and non-candidates get `{hasApplied: false}`. 404 for an unknown or draft offer.',
    access: 'optional',
    params: Type.Object({ offreId: Id }),
    response: Type.Object({ hasApplied: Type.Boolean() }),
    handler: ({ ctx, params }) => checkApplied(ctx, params.offreId),
  }),
]);
