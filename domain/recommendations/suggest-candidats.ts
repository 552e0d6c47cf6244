/**
 * GET /offres/{offreId}/candidats-suggeres: candidates for one offer of the recruiter's company,
 * ranked by the same comparison as the offers recommended to candidates, with the same reasons.
 *
 * Who may appear: a candidate with an enabled account whose preferences leave them visible to
 * recruiters (visibleRecruteurs), and either whose profile is public, or who is a member of one
 * of this company's pools and accepted it (a linked member: consent). Never a candidate who hid
 * the profile (not public and not in the company's pools), opted out (visibleRecruteurs false),
 * already applied to the offer or dismissed it, nor one whose own hard filters refuse the offer.
 * The page is checked against MariaDB before answering, so a profile hidden a moment ago is
 * never shown even while the index catches up.
 * Feedback: this company's pipeline moves on the candidate's applications, and a dismissal of
 * one of its offers because of the company.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseOffre } from '../offres/index.ts';
import { pageOf, pageRequest, type Page } from '../shared/index.ts';
import type { SuggestedCandidat } from '../shapes/index.ts';
import { Candidat } from '../../models/candidat.ts';
import { Candidature } from '../../models/candidature.ts';
import { RecommendationDismissal } from '../../models/recommendation-dismissal.ts';
import { RecommendationInvitation } from '../../models/recommendation-invitation.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';
import { engineOf, type FeedbackItem, type Ranked } from './engine.ts';
import { offreDocById } from './loaders.ts';
import type { CandidatDoc, OffreDoc } from './match.ts';
import { reasonsOf } from './reasons.ts';
import { FEEDBACK_WEIGHTS } from './weights.ts';

export type SuggestedCandidatView = Static<typeof SuggestedCandidat>;

const FORWARD = ['IN_PROGRESS', 'TO_MEET', 'MET', 'HIRED'];

/** Candidates of this company's pools who accepted it (the member is linked to their account). */
export async function consentedPoolMembers(ctx: Ctx, entrepriseId: number): Promise<Set<number>> {
  const rows = await VivierCandidat.query(ctx.db)
    .alias('m')
    .join('viviers as v', 'v.id', 'm.vivierId')
    .where('v.entrepriseId', entrepriseId)
    .whereNotNull('m.candidatId')
    .distinct('m.candidatId');
  return new Set(rows.map((r) => Number(r.candidatId)));
}

/**
 * Of these candidates, those this company may be shown now: enabled account, visible to
 * recruiters, and a public profile or a consented pool membership.
 */
export async function stillSuggestible(ctx: Ctx, ids: number[], pool: Set<number>): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await Candidat.query(ctx.db)
    .alias('c')
    .join('accounts as a', 'a.id', 'c.id')
    .leftJoin('recommendationPreferences as p', 'p.candidatId', 'c.id')
    .whereIn('c.id', ids)
    .where('a.enabled', true)
    .where((q) => {
      q.whereNull('p.visibleRecruteurs').orWhere('p.visibleRecruteurs', true);
    })
    .select('c.id', 'c.profilPublic')
    .castTo<{ id: number; profilPublic: number | boolean }[]>();
  return new Set(
    rows.filter((r) => Boolean(r.profilPublic) || pool.has(Number(r.id))).map((r) => Number(r.id)),
  );
}

function feedbackItem(name: 'pipeline_forward' | 'pipeline_rejected' | 'dismissed_company'): FeedbackItem {
  const weight = FEEDBACK_WEIGHTS[name];
  return { name, weight, value: 1, contribution: weight };
}

export interface SuggestionContext {
  offre: OffreDoc;
  entrepriseId: number;
  pool: Set<number>;
}

/** Every suggestion for an offer, best first, as lazily scored entries (the use cases page them). */
export async function rankCandidatsForOffre(ctx: Ctx, entrepriseId: number, offreId: number) {
  const engine = engineOf(ctx);
  await engine.ready();
  const offre = await offreDocById(ctx.db, engine.dict, offreId);
  if (!offre) throw new NotFoundError('Offre');
  const [pool, applied, dismissed, moves, entrepriseDismissals] = await Promise.all([
    consentedPoolMembers(ctx, entrepriseId),
    Candidature.query(ctx.db).where({ offreId }).whereNotNull('candidatId').select('candidatId'),
    RecommendationDismissal.query(ctx.db).where({ offreId }).select('candidatId'),
    Candidature.query(ctx.db)
      .alias('c')
      .join('offres as o', 'o.id', 'c.offreId')
      .where('o.entrepriseId', entrepriseId)
      .whereNotNull('c.candidatId')
      .whereIn('c.status', [...FORWARD, 'REJECTED'])
      .distinct('c.candidatId', 'c.status')
      .castTo<{ candidatId: number; status: string }[]>(),
    RecommendationDismissal.query(ctx.db)
      .alias('d')
      .join('offres as o', 'o.id', 'd.offreId')
      .where({ 'o.entrepriseId': entrepriseId, 'd.reason': 'ENTREPRISE' })
      .distinct('d.candidatId'),
  ]);
  const excluded = new Set([...applied, ...dismissed].map((r) => Number(r.candidatId)));
  const forward = new Set(moves.filter((m) => FORWARD.includes(m.status)).map((m) => Number(m.candidatId)));
  const rejected = new Set(moves.filter((m) => m.status === 'REJECTED').map((m) => Number(m.candidatId)));
  const dislikes = new Set(entrepriseDismissals.map((d) => Number(d.candidatId)));
  const adjust = (c: CandidatDoc): FeedbackItem[] => {
    const out: FeedbackItem[] = [];
    if (forward.has(c.id)) out.push(feedbackItem('pipeline_forward'));
    if (rejected.has(c.id)) out.push(feedbackItem('pipeline_rejected'));
    if (dislikes.has(c.id)) out.push(feedbackItem('dismissed_company'));
    return out;
  };
  const eligible = (c: CandidatDoc) =>
    c.prefs.visibleRecruteurs && (c.profilPublic || pool.has(c.id)) && !excluded.has(c.id);
  const order = engine.rankCandidats(offre, { eligible, adjust });
  return { order, pool, offre };
}

export async function suggestCandidats(
  ctx: Ctx,
  offreId: number,
  input: { page?: unknown; size?: unknown },
): Promise<Page<SuggestedCandidatView>> {
  const recruteur = await requireActiveRecruteur(ctx);
  await findEntrepriseOffre(ctx, recruteur, offreId);
  const req = pageRequest(input, {});
  const { order, pool } = await rankCandidatsForOffre(ctx, recruteur.entrepriseId, offreId);
  const from = req.page * req.size;
  const window = order.slice(from, from + req.size);
  const ids = window.map((r) => r.doc.id);
  const [visible, invited] = await Promise.all([
    stillSuggestible(ctx, ids, pool),
    ids.length
      ? RecommendationInvitation.query(ctx.db)
          .where({ offreId })
          .whereIn('candidatId', ids)
          .select('candidatId')
      : Promise.resolve([]),
  ]);
  const invitedIds = new Set(invited.map((r) => Number(r.candidatId)));
  const content = window.filter((r) => visible.has(r.doc.id)).map((r) => candidatView(r, pool, invitedIds));
  return pageOf(content, order.length - (window.length - content.length), req);
}

function candidatView(
  r: Ranked<CandidatDoc>,
  pool: Set<number>,
  invited: Set<number>,
): SuggestedCandidatView {
  const c = r.doc;
  return {
    candidat: {
      id: c.id,
      nom: c.nom,
      prenom: c.prenom,
      jobTitle: c.jobTitle,
      villeId: c.villeId,
      ville: c.villeNom,
      experienceLevelId: c.experienceLevelId,
      competences: c.competences,
      source: pool.has(c.id) ? 'VIVIER' : 'PROFIL_PUBLIC',
      invited: invited.has(c.id),
    },
    ...reasonsOf(r),
  };
}
