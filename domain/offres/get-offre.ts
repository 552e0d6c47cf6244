/**
 * Reading one offer. GET /offres/{offreId}: an ACTIVE recruiter of the owning company sees it in
 * any state; anyone else (anonymous included) sees only a published offer of an active company,
 * and gets 404 otherwise; only the company's recruiters and admins see its internals (offre-view.ts).
 * GET /public/offres/{offreId}: the public view only, the same for every caller.
 *
 * In an API process the public view comes from the search index (is the offer public?) and the
 * cache of offer views (domain/search/offre-view-cache.ts): no database round trip while the view
 * is fresh, the same freshness as search results.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Offre } from '../../models/offre.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { loadFullOffreViews, loadOffreView, publicOffreView, type OffreView } from './offre-view.ts';
import { readySearch } from '../search/index.ts';
import { NOT_UNDER_MODERATION_SQL } from '../trust/index.ts';

async function isEntrepriseRecruteur(ctx: Ctx, entrepriseId: number): Promise<boolean> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR') return false;
  const row = await Recruteur.query(ctx.db)
    .findById(ctx.actor.id)
    .where({ entrepriseId, status: 'ACTIVE' })
    .select('id');
  return Boolean(row);
}

export async function getPublicOffre(ctx: Ctx, offreId: number): Promise<OffreView> {
  if (ctx.search) {
    const search = await readySearch(ctx);
    const [view] = search.index.has(offreId) ? await search.views.load(ctx, [offreId]) : [];
    if (!view) throw new NotFoundError('Offre');
    return view;
  }
  const row = await Offre.query(ctx.db)
    .alias('o')
    .joinRelated('entreprise', { alias: 'e' })
    .findById(offreId)
    .where({ 'o.status': 'PUBLISHED', 'e.status': 'ACTIVE' })
    .whereRaw(NOT_UNDER_MODERATION_SQL)
    .select('o.id');
  if (!row) throw new NotFoundError('Offre');
  return publicOffreView((await loadFullOffreViews(ctx, [offreId]))[0]!);
}

export async function getOffre(ctx: Ctx, offreId: number): Promise<OffreView> {
  if (ctx.actor.type === 'account' && (ctx.actor.role === 'ADMIN' || ctx.actor.role === 'SUPER_ADMIN')) {
    await getPublicOffre(ctx, offreId); // the same 404s as anyone's
    return (await loadOffreView(ctx, offreId))!;
  }
  // Only a recruiter may see more than the public view: nobody else needs the ownership query.
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR') return getPublicOffre(ctx, offreId);
  const row = await Offre.query(ctx.db).findById(offreId).select('entrepriseId');
  if (row && (await isEntrepriseRecruteur(ctx, row.entrepriseId)))
    return (await loadOffreView(ctx, offreId))!;
  return getPublicOffre(ctx, offreId);
}
