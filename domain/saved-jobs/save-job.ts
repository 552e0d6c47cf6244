/**
 * POST /candidats/me/saved-jobs {offreId}: a candidate bookmarks a published offer. Saving it
 * again is not an error (the row is kept with its first date). The title and company name are
 * stored too, so the list can still name an offer that was deleted later.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { currentCandidateId } from '../candidates/current-candidate.ts';
import { savedJobsQuery, toSavedJobView, type SavedJobView } from './saved-job-view.ts';

export async function saveJob(ctx: Ctx, input: { offreId: number }): Promise<SavedJobView> {
  const candidatId = currentCandidateId(ctx);
  const offre = (await ctx
    .db('offres as o')
    .join('entreprises as e', 'e.id', 'o.entrepriseId')
    .where({ 'o.id': input.offreId, 'o.status': 'PUBLISHED', 'e.status': 'ACTIVE' })
    .first('o.id', 'o.titre', 'e.nomEntreprise')) as
    { id: number; titre: string; nomEntreprise: string } | undefined;
  if (!offre) throw new NotFoundError('Offre');
  await ctx
    .db('savedJobs')
    .insert({
      candidatId,
      offreId: offre.id,
      offreTitre: offre.titre,
      entrepriseNom: offre.nomEntreprise,
      createdAt: ctx.clock.now(),
    })
    .onConflict(['candidatId', 'offreId'])
    .ignore();
  const row = await savedJobsQuery(ctx.db, candidatId).where('sj.offreId', offre.id).first();
  return toSavedJobView(row, ctx.config.publicUrl);
}
