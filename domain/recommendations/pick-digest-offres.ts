/**
 * The offers of one candidate's weekly digest: the head of their recommendations, in the order
 * GET /candidats/me/recommandations gives them (rankOffresForCandidat: offers applied to,
 * dismissed or past their deadline are already left out), less those an earlier digest sent
 * them, each checked still public (PUBLISHED, company ACTIVE) against MariaDB as the route does.
 * Empty when the candidate has no profile or nothing new.
 */
import type { Ctx } from '../context.ts';
import { RecommendationDigestOffre } from '../../models/recommendation-digest-offre.ts';
import type { Ranked } from './engine.ts';
import type { OffreDoc } from './match.ts';
import { rankOffresForCandidat, stillPublic } from './recommend-offres.ts';

/** The most offers one digest lists (the best first). */
export const DIGEST_MAX_OFFRES = 8;

async function sentOffreIds(ctx: Ctx, candidatId: number): Promise<Set<number>> {
  const rows = await RecommendationDigestOffre.query(ctx.db).where({ candidatId }).select('offreId');
  return new Set(rows.map((r) => Number(r.offreId)));
}

export async function pickDigestOffres(
  ctx: Ctx,
  candidatId: number,
  max = DIGEST_MAX_OFFRES,
): Promise<Ranked<OffreDoc>[]> {
  const found = await rankOffresForCandidat(ctx, candidatId);
  if (!found) return [];
  const sent = await sentOffreIds(ctx, candidatId);
  const picked: Ranked<OffreDoc>[] = [];
  let next = 0;
  while (picked.length < max && next < found.order.length) {
    const window: Ranked<OffreDoc>[] = [];
    while (window.length < max - picked.length && next < found.order.length) {
      const [r] = found.order.slice(next, ++next);
      if (r && !sent.has(r.doc.id)) window.push(r);
    }
    const open = await stillPublic(
      ctx,
      window.map((r) => r.doc.id),
    );
    picked.push(...window.filter((r) => open.has(r.doc.id)));
  }
  return picked;
}
