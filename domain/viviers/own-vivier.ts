/**
 * A pool of the signed-in recruiter's company. Recruiter features need an ACTIVE recruiter; a pool
 * of another company is a 404 (the caller may not know it exists).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruteur, type CurrentRecruteur } from '../entreprises/index.ts';
import { Vivier } from '../../models/vivier.ts';

export interface OwnVivier {
  recruteur: CurrentRecruteur;
  vivier: Pick<Vivier, 'id' | 'entrepriseId' | 'nom' | 'description'>;
}

export async function ownVivier(
  ctx: Ctx,
  vivierId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<OwnVivier> {
  const recruteur = await requireActiveRecruteur(ctx);
  const q = Vivier.query(ctx.db)
    .findOne({ id: vivierId, entrepriseId: recruteur.entrepriseId })
    .select('id', 'entrepriseId', 'nom', 'description');
  if (opts.forUpdate) q.forUpdate();
  const vivier = await q;
  if (!vivier) throw new NotFoundError('Vivier');
  return { recruteur, vivier };
}
