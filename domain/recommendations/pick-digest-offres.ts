/**
 * The offers of one candidate's weekly digest: the head of their recommendations, in the order
 * GET /candidats/me/recommandations gives them (rankOffresForCandidat: offers applied to,
 * dismissed or past their deadline are already left out), less those an earlier digest sent
 * them, each checked still public (PUBLISHED, company ACTIVE) against MariaDB as the route does,
 * and at most DIGEST_MAX_PER_ENTREPRISE of one company while other companies' offers are among the
 * candidates (diverseOffres), and only offers of the candidate's trade (ofTheirTrade): the route
 * lists weaker matches after the good ones, but an email that says "offers for you" must not
 * send one that shares only a word of the title and the city. Empty when the candidate has no
 * profile or nothing new.
 */
import type { Ctx } from '../context.ts';
import { RecommendationDigestOffre } from '../../models/recommendation-digest-offre.ts';
import { RERANK_DEPTH, type Ranked } from './engine.ts';
import type { OffreDoc } from './match.ts';
import { rankOffresForCandidat, stillPublic } from './recommend-offres.ts';

/** The most offers one digest lists (the best first). */
export const DIGEST_MAX_OFFRES = 8;
/** Offers of one company a digest lists before another company's less good ones get a place. */
export const DIGEST_MAX_PER_ENTREPRISE = 3;
/** How many still-public offers are considered for each place of a digest. */
const CANDIDATES_PER_PLACE = 4;

/** The offer is of the candidate's trade: its title matches theirs, or it asks a skill they have. */
function ofTheirTrade(r: Ranked<OffreDoc>): boolean {
  return r.pair.matched.title || r.pair.matched.skills.length > 0;
}

async function sentOffreIds(ctx: Ctx, candidatId: number): Promise<Set<number>> {
  const rows = await RecommendationDigestOffre.query(ctx.db).where({ candidatId }).select('offreId');
  return new Set(rows.map((r) => Number(r.offreId)));
}

/**
 * At most `max` of `ranked`, at most `perEntreprise` of one company while others wait; places
 * still free then go to the best of the rest. The order stays the ranking's.
 */
export function diverseOffres<T extends { doc: { entrepriseId: number } }>(
  ranked: readonly T[],
  max: number,
  perEntreprise = DIGEST_MAX_PER_ENTREPRISE,
): T[] {
  const taken = new Set<T>();
  const perCompany = new Map<number, number>();
  for (const r of ranked) {
    if (taken.size >= max) break;
    const n = perCompany.get(r.doc.entrepriseId) ?? 0;
    if (n >= perEntreprise) continue;
    perCompany.set(r.doc.entrepriseId, n + 1);
    taken.add(r);
  }
  for (const r of ranked) {
    if (taken.size >= max) break;
    taken.add(r);
  }
  return ranked.filter((r) => taken.has(r));
}

export async function pickDigestOffres(
  ctx: Ctx,
  candidatId: number,
  max = DIGEST_MAX_OFFRES,
): Promise<Ranked<OffreDoc>[]> {
  const found = await rankOffresForCandidat(ctx, candidatId);
  if (!found) return [];
  const sent = await sentOffreIds(ctx, candidatId);
  const wanted = max * CANDIDATES_PER_PLACE;
  const eligible: Ranked<OffreDoc>[] = [];
  // Past the exactly scored head (and what earlier digests took of it), entries follow by
  // prescore: a candidate with few offers of their trade must not make the run score them all.
  const end = Math.min(found.order.length, sent.size + RERANK_DEPTH);
  let next = 0;
  while (eligible.length < wanted && next < end) {
    const window: Ranked<OffreDoc>[] = [];
    while (window.length < wanted - eligible.length && next < end) {
      const [r] = found.order.slice(next, ++next);
      if (r && !sent.has(r.doc.id) && ofTheirTrade(r)) window.push(r);
    }
    const open = await stillPublic(
      ctx,
      window.map((r) => r.doc.id),
    );
    eligible.push(...window.filter((r) => open.has(r.doc.id)));
  }
  return diverseOffres(eligible, max);
}
