/**
 * GET /public/offres/{offreId}/check-applied (token optional):
 * whether the signed-in candidate applied to that offer. Anonymous callers and other roles get
 * false. 404 when the offer does not exist or is a draft (nobody outside its company knows it).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Offre } from '../../models/offre.ts';
import { Candidature } from '../../models/candidature.ts';

export async function checkApplied(ctx: Ctx, offreId: number): Promise<{ hasApplied: boolean }> {
  const offre = await Offre.query(ctx.db).findById(offreId).whereNot({ status: 'DRAFT' }).select('id');
  if (!offre) throw new NotFoundError('Offre');
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'CANDIDAT') return { hasApplied: false };
  // At most one row: the unique index (offre_id, candidat_id).
  const row = await Candidature.query(ctx.db)
    .where({ offreId, candidatId: ctx.actor.id })
    .select('id')
    .first();
  return { hasApplied: Boolean(row) };
}
