/**
 * GET /offres/{offreId}/candidatures: the applications of one offer of the recruiter's
 * company, newest first, optionally one status; an array of Application list items.
 */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseOffre } from '../offres/index.ts';
import type { CandidatureStatus } from '../../models/candidature.ts';
import { loadApplicationItems, type ApplicationItem } from './candidature-view.ts';

export async function listOffreCandidatures(
  ctx: Ctx,
  offreId: number,
  input: { status?: CandidatureStatus },
): Promise<ApplicationItem[]> {
  const recruteur = await requireActiveRecruteur(ctx);
  await findEntrepriseOffre(ctx, recruteur, offreId);
  return loadApplicationItems(ctx, (q) => {
    q.where('c.offreId', offreId).orderBy([
      { column: 'c.dateCandidature', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ]);
    if (input.status) q.where('c.status', input.status);
  });
}
