/** Saved jobs of the signed-in candidate. */
import Type from 'typebox';
import { defineRoutes, Reply, route } from '../http/route.ts';
import { Empty, Id, PageQuery, pageOf } from '../schemas/common.ts';
import { SavedJob } from '../schemas/candidature.ts';
import { saveJob } from '../../domain/saved-jobs/save-job.ts';
import { listSavedJobs } from '../../domain/saved-jobs/list-saved-jobs.ts';
import { unsaveJob } from '../../domain/saved-jobs/unsave-job.ts';

const tag = 'Saved Jobs';

export const routes = defineRoutes([
  route({
    method: 'post',
    path: '/candidats/me/saved-jobs',
    leavesPublicAnswers: true,
    tag,
    summary: 'Save an offer',
    description:
      'The offer must be PUBLISHED (404 otherwise). Saving it again is not an error: the first date is kept.',
    access: ['CANDIDAT'],
    body: Type.Object({ offreId: Id }, { additionalProperties: false }),
    response: SavedJob,
    errors: { 404: 'unknown or unpublished offer' },
    message: 'Offre enregistrée',
    handler: ({ ctx, body }) => saveJob(ctx, body),
  }),
  route({
    method: 'get',
    path: '/candidats/me/saved-jobs',
    tag,
    summary: 'Saved offers',
    description:
      "Most recently saved first. `offreStatus` is the offer's current state: PUBLISHED, ARCHIVED, or DELETED when the offer no longer exists (title and company then come from when it was saved). Sort fields: savedAt, deadline, publishedAt.",
    access: ['CANDIDAT'],
    query: Type.Object({ ...PageQuery }, { additionalProperties: false }),
    envelope: false,
    response: pageOf(SavedJob),
    handler: ({ ctx, query }) => listSavedJobs(ctx, query),
  }),
  route({
    method: 'delete',
    path: '/candidats/me/saved-jobs/{offreId}',
    leavesPublicAnswers: true,
    tag,
    summary: 'Forget a saved offer',
    description: 'Idempotent: removing an offer that is not saved is not an error.',
    access: ['CANDIDAT'],
    params: Type.Object({ offreId: Id }),
    response: Empty,
    handler: async ({ ctx, params }) => {
      await unsaveJob(ctx, params.offreId);
      return new Reply({}, 'Offre retirée des favoris');
    },
  }),
]);
