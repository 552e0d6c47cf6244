/** GET /candidats/me/candidatures: the candidate's own applications with offer title and company, newest first. */
import type { Ctx } from '../context.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { pageOf, pageRequest, paginate, type Page, type SortableFields } from '../shared/index.ts';
import type { CandidatureStatus } from '../../models/candidature.ts';
import { myCandidaturesQuery, toMyCandidature, type MyCandidature } from './candidature-view.ts';

export const MY_CANDIDATURE_SORTS: SortableFields = {
  dateCandidature: 'c.dateCandidature',
  lastActionDate: 'c.lastActionDate',
  status: 'c.status',
};

export async function listMyCandidatures(
  ctx: Ctx,
  input: { status?: CandidatureStatus; page?: unknown; size?: unknown; sort?: unknown },
): Promise<Page<MyCandidature>> {
  const candidatId = currentCandidatId(ctx);
  const req = pageRequest(input, MY_CANDIDATURE_SORTS, [{ column: 'c.dateCandidature', direction: 'desc' }]);
  const query = myCandidaturesQuery(ctx.db, candidatId);
  if (input.status) query.where('c.status', input.status);
  const { rows, total } = await paginate<MyCandidature & { logoFileId: number | null }>(query, req, 'c.id');
  return pageOf(
    rows.map((r) => toMyCandidature(r, ctx.config.publicUrl)),
    total,
    req,
  );
}
