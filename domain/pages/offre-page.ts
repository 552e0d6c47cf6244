/**
 * The offer a person opens from a shared link, a feed or a sitemap (GET /emplois/{id}-{slug}).
 * An open offer (public in the search index, deadline not passed) comes from the index's view
 * cache, like GET /public/offres/{id}. An offer that was public once (published, then archived or
 * past its deadline, company still active) is still shown, marked closed, so a shared link says
 * what became of the offer. Drafts, offers never published and those of disabled companies are
 * 404, as in the API.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Offre } from '../../models/offre.ts';
import { loadFullOffreViews, publicOffreView } from '../offres/index.ts';
import { withPlaces, type FeedOffre } from '../reach/index.ts';
import { readySearch } from '../search/index.ts';
import { localDate } from '../shared/index.ts';
import { NOT_UNDER_MODERATION_SQL } from '../trust/index.ts';

export interface OffrePage {
  item: FeedOffre;
  /** Still taking applications: false for an archived offer or a passed deadline. */
  open: boolean;
}

export async function loadOffrePage(ctx: Ctx, offreId: number): Promise<OffrePage> {
  const today = localDate(ctx.clock.now());
  const search = await readySearch(ctx);
  const [indexed] = search.index.has(offreId) ? await search.views.load(ctx, [offreId]) : [];
  if (indexed && (indexed.deadline === null || indexed.deadline >= today)) {
    const [item] = await withPlaces(ctx, [publicOffreView(indexed)]);
    return { item, open: true };
  }
  const once = await Offre.query(ctx.db)
    .alias('o')
    .joinRelated('entreprise', { alias: 'e' })
    .findById(offreId)
    .whereIn('o.status', ['PUBLISHED', 'ARCHIVED'])
    .whereNotNull('o.publishedAt')
    .where('e.status', 'ACTIVE')
    // Held, hidden or rejected offers (domain/trust) are never shown.
    .whereRaw(NOT_UNDER_MODERATION_SQL)
    .select('o.id');
  if (!once) throw new NotFoundError('Offre');
  const [view] = await loadFullOffreViews(ctx, [offreId]);
  if (!view) throw new NotFoundError('Offre');
  const [item] = await withPlaces(ctx, [publicOffreView(view)]);
  return { item, open: false };
}
