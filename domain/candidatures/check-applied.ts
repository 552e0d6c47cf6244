/**
 * GET /public/offres/{offreId}/check-applied (token optional):
 * whether the signed-in candidate applied to that offer. Anonymous callers and other roles get
 * false. 404 when the offer does not exist or is a draft (nobody outside its company knows it).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';

export async function checkApplied(ctx: Ctx, offreId: number): Promise<{ hasApplied: boolean }> {
  const offre = await ctx.db('offres').where({ id: offreId }).whereNot({ status: 'DRAFT' }).first('id');
  if (!offre) throw new NotFoundError('Offre');
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'CANDIDAT') return { hasApplied: false };
  const row = await ctx.db('candidatures').where({ offreId, candidatId: ctx.actor.id }).first('id');
  return { hasApplied: Boolean(row) };
}
