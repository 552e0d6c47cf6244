/**
 * GET /candidatures/{candidatureId}: the application with its cover letter and status history,
 * for its candidate or an ACTIVE recruiter of the offer's company; 404 for anyone else.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Candidature } from '../../models/candidature.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseCandidature } from './entreprise-candidature.ts';
import { loadApplicationDetail, type ApplicationDetail } from './candidature-view.ts';

export async function getCandidature(ctx: Ctx, candidatureId: number): Promise<ApplicationDetail> {
  if (ctx.actor.type === 'account' && ctx.actor.role === 'CANDIDAT') {
    const own = await Candidature.query(ctx.db)
      .findById(candidatureId)
      .where({ candidatId: ctx.actor.id })
      .select('id');
    if (!own) throw new NotFoundError('Candidature');
  } else {
    const recruteur = await requireActiveRecruteur(ctx);
    await findEntrepriseCandidature(ctx, recruteur, candidatureId);
  }
  const detail = await loadApplicationDetail(ctx, candidatureId);
  if (!detail) throw new NotFoundError('Candidature');
  return detail;
}
