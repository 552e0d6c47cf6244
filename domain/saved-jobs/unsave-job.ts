/** DELETE /candidats/me/saved-jobs/{offreId}: removes the bookmark; removing one that is not there is not an error. */
import type { Ctx } from '../context.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { SavedJob } from '../../models/saved-job.ts';

export async function unsaveJob(ctx: Ctx, offreId: number): Promise<void> {
  const candidatId = currentCandidatId(ctx);
  await SavedJob.query(ctx.db).where({ candidatId, offreId }).delete();
}
