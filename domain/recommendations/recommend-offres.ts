/**
 * GET /candidats/me/recommandations: public offers ranked against the candidate's profile and
 * preferences, each with its reasons. The profile is read from the database at each request (a
 * change shows at once); the offers come from the engine's index. Offers applied to or dismissed
 * never appear, nor closed ones: the page's offers are checked against MariaDB before answering.
 * Feedback from the candidate's own saves, applications and dismissals moves the ranking by named
 * weights (weights.ts).
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { localDate, pageOf, pageRequest, type Page } from '../shared/index.ts';
import type { RecommendedOffre } from '../shapes/index.ts';
import { Candidature } from '../../models/candidature.ts';
import { Offre } from '../../models/offre.ts';
import { RecommendationDismissal } from '../../models/recommendation-dismissal.ts';
import { SavedJob } from '../../models/saved-job.ts';
import { engineOf, type FeedbackItem, type Ranked, type RecommendationEngine } from './engine.ts';
import { candidatDocById } from './loaders.ts';
import type { CandidatDoc, OffreDoc } from './match.ts';
import { FEEDBACK_WEIGHTS, type FeedbackName } from './weights.ts';
import { reasonsOf } from './reasons.ts';
import { NOT_UNDER_MODERATION_SQL } from '../trust/index.ts';
import type { RankedList } from './ranked-list.ts';

export type RecommendedOffreView = Static<typeof RecommendedOffre>;

interface CandidatSignals {
  exclude: Set<number>;
  saved: Set<number>;
  applied: Set<number>;
  dismissedTitles: Set<number>;
  dismissedCompanies: Set<number>;
  dismissedContracts: Set<string>;
}

/** The candidate's own rows: what to leave out, and the concepts its feedback carries. */
async function signalsOf(
  ctx: Ctx,
  engine: RecommendationEngine,
  candidatId: number,
): Promise<CandidatSignals> {
  const [applied, dismissed, saved] = await Promise.all([
    Candidature.query(ctx.db)
      .alias('c')
      .join('offres as o', 'o.id', 'c.offreId')
      .where('c.candidatId', candidatId)
      .select('c.offreId', 'o.titre')
      .castTo<{ offreId: number; titre: string }[]>(),
    RecommendationDismissal.query(ctx.db)
      .alias('d')
      .join('offres as o', 'o.id', 'd.offreId')
      .where('d.candidatId', candidatId)
      .select('d.offreId', 'd.reason', 'o.titre', 'o.entrepriseId', 'o.contractType')
      .castTo<
        { offreId: number; reason: string; titre: string; entrepriseId: number; contractType: string }[]
      >(),
    SavedJob.query(ctx.db)
      .alias('s')
      .join('offres as o', 'o.id', 's.offreId')
      .where('s.candidatId', candidatId)
      .select('s.offreId', 'o.titre')
      .castTo<{ offreId: number; titre: string }[]>(),
  ]);
  const titleConcepts = (rows: { titre: string }[]) => {
    const out = new Set<number>();
    for (const r of rows) {
      for (const ids of engine.dict.title(r.titre).words) for (const id of ids) out.add(id);
    }
    return out;
  };
  return {
    exclude: new Set([...applied, ...dismissed].map((r) => Number(r.offreId))),
    saved: titleConcepts(saved),
    applied: titleConcepts(applied),
    dismissedTitles: titleConcepts(
      dismissed.filter((d) => d.reason === 'METIER' || d.reason === 'COMPETENCES'),
    ),
    dismissedCompanies: new Set(
      dismissed.filter((d) => d.reason === 'ENTREPRISE').map((d) => Number(d.entrepriseId)),
    ),
    dismissedContracts: new Set(dismissed.filter((d) => d.reason === 'CONTRAT').map((d) => d.contractType)),
  };
}

function item(name: FeedbackName, value: number): FeedbackItem {
  const weight = FEEDBACK_WEIGHTS[name];
  const v = Math.round(value * 10000) / 10000;
  return { name, weight, value: v, contribution: Math.round(weight * v * 10000) / 10000 };
}

/** Share of the offer's title concepts found in a set. */
function titleShare(o: OffreDoc, set: Set<number>): number {
  const words = o.title.words;
  if (set.size === 0 || words.length === 0) return 0;
  return words.filter((ids) => ids.some((id) => set.has(id))).length / words.length;
}

export function offreFeedback(s: CandidatSignals) {
  return (o: OffreDoc): FeedbackItem[] => {
    const out: FeedbackItem[] = [];
    const saved = titleShare(o, s.saved);
    if (saved > 0) out.push(item('saved_similar', saved));
    const applied = titleShare(o, s.applied);
    if (applied > 0) out.push(item('applied_similar', applied));
    const dismissed = titleShare(o, s.dismissedTitles);
    if (dismissed > 0) out.push(item('dismissed_similar', dismissed));
    if (s.dismissedCompanies.has(o.entrepriseId)) out.push(item('dismissed_company', 1));
    if (s.dismissedContracts.has(o.contractType)) out.push(item('dismissed_contract', 1));
    return out;
  };
}

export function offreView(r: Ranked<OffreDoc>): RecommendedOffreView {
  const o = r.doc;
  return {
    offre: {
      id: o.id,
      titre: o.titre,
      entrepriseId: o.entrepriseId,
      entrepriseNom: o.entrepriseNom,
      villeId: o.villeId,
      ville: o.villeNom,
      contractType: o.contractType,
      competences: o.skills.map((s) => s.text),
      salaireMin: o.salaireMin,
      salaireMax: o.salaireMax,
      remotePossible: o.remotePossible,
      publishedAt: o.publishedAt,
    },
    ...reasonsOf(r),
  };
}

/** Every recommendation for a candidate, best first (the use cases page it; the digest takes the top). */
export async function rankOffresForCandidat(
  ctx: Ctx,
  candidatId: number,
): Promise<{
  engine: RecommendationEngine;
  candidat: CandidatDoc;
  order: RankedList<OffreDoc>;
} | null> {
  const engine = engineOf(ctx);
  await engine.ready();
  const candidat = await candidatDocById(ctx.db, engine.dict, candidatId);
  if (!candidat) return null;
  const signals = await signalsOf(ctx, engine, candidatId);
  const adjust = offreFeedback(signals);
  const today = Number(localDate(ctx.clock.now()).replace(/-/g, ''));
  const order = engine.rankOffres(candidat, { exclude: signals.exclude, today, adjust });
  return { engine, candidat, order };
}

/**
 * Of these offers, the ones still public (PUBLISHED, company ACTIVE, not held by moderation): the
 * index may lag by a poll.
 */
export async function stillPublic(ctx: Ctx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await Offre.query(ctx.db)
    .alias('o')
    .joinRelated('entreprise')
    .whereIn('o.id', ids)
    .where({ 'o.status': 'PUBLISHED', 'entreprise.status': 'ACTIVE' })
    .whereRaw(NOT_UNDER_MODERATION_SQL)
    .select('o.id');
  return new Set(rows.map((r) => Number(r.id)));
}

export async function recommendOffres(
  ctx: Ctx,
  input: { page?: unknown; size?: unknown },
): Promise<Page<RecommendedOffreView>> {
  const candidatId = currentCandidatId(ctx);
  const req = pageRequest(input, {});
  const found = await rankOffresForCandidat(ctx, candidatId);
  if (!found) throw new NotFoundError('Candidate profile');
  const from = req.page * req.size;
  const window = found.order.slice(from, from + req.size);
  const open = await stillPublic(
    ctx,
    window.map((r) => r.doc.id),
  );
  const content = window.filter((r) => open.has(r.doc.id)).map(offreView);
  return pageOf(content, found.order.length - (window.length - content.length), req);
}
