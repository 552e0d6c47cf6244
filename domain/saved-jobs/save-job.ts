/**
 * POST /candidats/me/saved-jobs {offreId}: a candidate bookmarks a published offer. Saving it
 * again is not an error (the row is kept with its first date). The title and company name are
 * stored too, so the list can still name an offer that was deleted later.
 */
import { NOT_UNDER_MODERATION_SQL } from '../trust/index.ts';
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { savedJobsQuery, toSavedJobView, type SavedJobRow, type SavedJobView } from './saved-job-view.ts';
import { Offre } from '../../models/offre.ts';
import { SavedJob } from '../../models/saved-job.ts';

export async function saveJob(ctx: Ctx, input: { offreId: number }): Promise<SavedJobView> {
  const candidatId = currentCandidatId(ctx);
  const offre = await Offre.query(ctx.db)
    .alias('o')
    .joinRelated('entreprise')
    .findById(input.offreId)
    .where({ 'o.status': 'PUBLISHED', 'entreprise.status': 'ACTIVE' })
    .whereRaw(NOT_UNDER_MODERATION_SQL)
    .select('o.id', 'o.titre', 'entreprise.nomEntreprise')
    .castTo<{ id: number; titre: string; nomEntreprise: string } | undefined>();
  if (!offre) throw new NotFoundError('Offre');
  await SavedJob.query(ctx.db)
    .insert({
      candidatId,
      offreId: offre.id,
      offreTitre: offre.titre,
      entrepriseNom: offre.nomEntreprise,
      createdAt: ctx.clock.now(),
    })
    .onConflict(['candidatId', 'offreId'])
    .ignore();
  const row = await savedJobsQuery(ctx.db, candidatId)
    .where('sj.offreId', offre.id)
    .first()
    .castTo<SavedJobRow | undefined>();
  if (!row) throw new NotFoundError('Offre');
  return toSavedJobView(row, ctx.config.publicUrl);
}
