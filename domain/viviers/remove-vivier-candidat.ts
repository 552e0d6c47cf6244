/** DELETE /vivier/{candidatVivierId}: removes one member from a pool of the recruiter's company. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { Vivier } from '../../models/vivier.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';

export async function removeVivierCandidat(ctx: Ctx, candidatVivierId: number): Promise<void> {
  const recruteur = await requireActiveRecruteur(ctx);
  const deleted = await VivierCandidat.query(ctx.db)
    .where('id', candidatVivierId)
    .whereIn('vivierId', Vivier.query(ctx.db).select('id').where({ entrepriseId: recruteur.entrepriseId }))
    .delete();
  if (deleted === 0) throw new NotFoundError('Candidat du vivier');
}
