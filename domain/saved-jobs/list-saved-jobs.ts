/** GET /candidats/me/saved-jobs: the candidate's saved offers, most recently saved first, with each offer's current status. */
import type { Ctx } from '../context.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { pageOf, pageRequest, paginate, type Page, type SortableFields } from '../shared/index.ts';
import { savedJobsQuery, toSavedJobView, type SavedJobRow, type SavedJobView } from './saved-job-view.ts';

export const SAVED_JOB_SORTS: SortableFields = {
  savedAt: 'sj.createdAt',
  deadline: 'o.deadline',
  publishedAt: 'o.publishedAt',
};

export async function listSavedJobs(
  ctx: Ctx,
  input: { page?: unknown; size?: unknown; sort?: unknown },
): Promise<Page<SavedJobView>> {
  const candidatId = currentCandidatId(ctx);
  const req = pageRequest(input, SAVED_JOB_SORTS, [{ column: 'sj.createdAt', direction: 'desc' }]);
  const { rows, total } = await paginate<SavedJobRow>(
    // paginate() takes a knex builder: the model query compiled to one.
    savedJobsQuery(ctx.db, candidatId).toKnexQuery(),
    req,
    'sj.offreId',
  );
  return pageOf(
    rows.map((r) => toSavedJobView(r, ctx.config.publicUrl)),
    total,
    req,
  );
}
