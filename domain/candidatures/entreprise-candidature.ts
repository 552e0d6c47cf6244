/**
 * The application a recruiter acts on: its offer must belong to the recruiter's company, else
 * 404 (another company's application is not known to exist). No lock here: the use cases lock
 * the candidature row alone afterwards, so every transaction takes its locks in one order
 * (candidature, then offer) and concurrent changes cannot deadlock each other.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Candidature } from '../../models/candidature.ts';
import type { CurrentRecruteur } from '../entreprises/index.ts';

export async function findEntrepriseCandidature(
  ctx: Ctx,
  recruteur: Pick<CurrentRecruteur, 'entrepriseId'>,
  candidatureId: number,
): Promise<{ id: number; offreId: number; entrepriseId: number }> {
  const row = await Candidature.query(ctx.db)
    .alias('c')
    .joinRelated('offre', { alias: 'o' })
    .findById(candidatureId)
    .where('o.entrepriseId', recruteur.entrepriseId)
    .select('c.id', 'c.offreId', 'o.entrepriseId')
    .castTo<{ id: number; offreId: number; entrepriseId: number } | undefined>();
  if (!row) throw new NotFoundError('Candidature');
  return { id: row.id, offreId: row.offreId, entrepriseId: row.entrepriseId };
}
