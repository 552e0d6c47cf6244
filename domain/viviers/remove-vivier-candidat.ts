/** DELETE /vivier/{candidatVivierId}: removes one member from a pool of the recruiter's company. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruiter } from '../recruiters/current-recruiter.ts';

export async function removeVivierCandidat(ctx: Ctx, candidatVivierId: number): Promise<void> {
  const recruiter = await requireActiveRecruiter(ctx);
  const deleted = await ctx
    .db('vivierCandidats')
    .where('id', candidatVivierId)
    .whereIn('vivierId', ctx.db('viviers').select('id').where({ entrepriseId: recruiter.entrepriseId }))
    .delete();
  if (deleted === 0) throw new NotFoundError('Candidat du vivier');
}
