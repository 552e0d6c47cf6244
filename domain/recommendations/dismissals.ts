/**
 * "Not interested": a candidate dismisses a recommended offer with a reason (and an optional
 * comment). A dismissed offer never comes back in the candidate's recommendations nor digests,
 * and the candidate is no longer suggested for it; its reason feeds the feedback weights
 * (same job or skills, company, contract). Undo removes the dismissal. Dismissing again changes
 * the reason, keeping one row.
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { pageOf, pageRequest, type Page } from '../shared/index.ts';
import type { Dismissal } from '../shapes/index.ts';
import { Offre } from '../../models/offre.ts';
import { RecommendationDismissal, type DismissReason } from '../../models/recommendation-dismissal.ts';

export type DismissalView = Static<typeof Dismissal>;

export async function dismissOffre(
  ctx: Ctx,
  offreId: number,
  input: { reason: DismissReason; comment?: string | null },
): Promise<DismissalView> {
  const candidatId = currentCandidatId(ctx);
  const offre = await Offre.query(ctx.db)
    .findById(offreId)
    .where('status', 'PUBLISHED')
    .select('id', 'titre');
  if (!offre) throw new NotFoundError('Offre');
  const comment = input.comment?.trim() || null;
  const row = { reason: input.reason, comment, createdAt: ctx.clock.now() };
  await RecommendationDismissal.query(ctx.db)
    .insert({ candidatId, offreId, ...row })
    .onConflict(['candidatId', 'offreId'])
    .merge(row);
  return { offreId, titre: offre.titre, reason: row.reason, comment, dismissedAt: row.createdAt };
}

export async function undoDismissOffre(ctx: Ctx, offreId: number): Promise<void> {
  const candidatId = currentCandidatId(ctx);
  const deleted = await RecommendationDismissal.query(ctx.db).where({ candidatId, offreId }).delete();
  if (!deleted) throw new NotFoundError('Offre écartée');
}

export async function listMyDismissals(
  ctx: Ctx,
  input: { page?: unknown; size?: unknown },
): Promise<Page<DismissalView>> {
  const candidatId = currentCandidatId(ctx);
  const req = pageRequest(input, {});
  const base = RecommendationDismissal.query(ctx.db).alias('d').where('d.candidatId', candidatId);
  const total = await base.clone().resultSize();
  const rows = await base
    .join('offres as o', 'o.id', 'd.offreId')
    .orderBy([
      { column: 'd.createdAt', order: 'desc' },
      { column: 'd.offreId', order: 'desc' },
    ])
    .limit(req.size)
    .offset(req.page * req.size)
    .select('d.offreId', 'o.titre', 'd.reason', 'd.comment', 'd.createdAt')
    .castTo<
      { offreId: number; titre: string; reason: DismissReason; comment: string | null; createdAt: Date }[]
    >();
  return pageOf(
    rows.map((r) => ({
      offreId: Number(r.offreId),
      titre: r.titre,
      reason: r.reason,
      comment: r.comment,
      dismissedAt: r.createdAt,
    })),
    total,
    req,
  );
}
