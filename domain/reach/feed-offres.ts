/**
 * The offers a feed, a sitemap or a JSON-LD page shows: public (PUBLISHED, company ACTIVE) and
 * still open on today's date (Cameroon time), read from the search index, so `q` means what it
 * means in a search. With their full views, and the city and region names of each offer.
 */
import type { Ctx } from '../context.ts';
import { loadOffreViews, type OffreView } from '../offres/index.ts';
import { localDate } from '../shared/index.ts';
import { Ville } from '../../models/ville.ts';
import { type OffreFilters, readySearch, searchWordsOf } from '../search/index.ts';

export interface FeedOffre {
  offre: OffreView;
  ville: string | null;
  region: string | null;
}

const VIEW_BATCH = 500;

/** Newest first (or by relevance with `q`), at most `limit`. */
export async function feedOffres(
  ctx: Ctx,
  input: OffreFilters & { q?: string },
  limit: number,
): Promise<FeedOffre[]> {
  const search = await readySearch(ctx);
  const hasText = typeof input.q === 'string' && input.q.trim() !== '';
  const words = hasText ? searchWordsOf(search, input.q ?? '') : [];
  if (hasText && words.length === 0) return [];
  const { q: _q, ...filters } = input;
  const answer = search.index.query({
    words,
    filters,
    today: localDate(ctx.clock.now()),
    sort: [{ field: hasText ? 'relevance' : 'publishedAt', direction: 'desc' }],
    offset: 0,
    limit,
  });
  const ids = answer.hits.map((h) => h.id);
  const views: OffreView[] = [];
  for (let i = 0; i < ids.length; i += VIEW_BATCH)
    views.push(...(await loadOffreViews(ctx, ids.slice(i, i + VIEW_BATCH))));
  return withPlaces(ctx, views);
}

/** The views with the names of their city and region. */
export async function withPlaces(ctx: Ctx, views: readonly OffreView[]): Promise<FeedOffre[]> {
  const places = await placesOf(ctx, views);
  return views.map((offre) => ({
    offre,
    ...(places.get(offre.villeId ?? -1) ?? { ville: null, region: null }),
  }));
}

/** A public open offer as a sitemap lists it: its company too, for the companies' sitemap. */
export interface SitemapOffre {
  id: number;
  titre: string;
  entrepriseId: number;
  lastmod: Date;
}

/** Every public open offer's id, title (for its page address), company and last change, for sitemaps (no views needed). */
export async function sitemapOffres(ctx: Ctx): Promise<SitemapOffre[]> {
  const search = await readySearch(ctx);
  const answer = search.index.query({
    words: [],
    filters: {},
    today: localDate(ctx.clock.now()),
    sort: [{ field: 'publishedAt', direction: 'desc' }],
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER,
  });
  const ids = answer.hits.map((h) => h.id);
  const out: SitemapOffre[] = [];
  for (let i = 0; i < ids.length; i += 10_000) {
    // eslint-disable-next-line no-restricted-syntax -- SQL: bulk read for sitemaps (every public offer's id, title, company and updatedAt, 10,000 a statement, no model instances)
    const rows = (await ctx
      .db('offres')
      .whereIn('id', ids.slice(i, i + 10_000))
      .select('id', 'titre', 'entrepriseId', 'updatedAt')) as {
      id: number;
      titre: string;
      entrepriseId: number;
      updatedAt: Date;
    }[];
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of ids.slice(i, i + 10_000)) {
      const row = byId.get(id);
      if (row)
        out.push({ id, titre: row.titre, entrepriseId: Number(row.entrepriseId), lastmod: row.updatedAt });
    }
  }
  return out;
}

async function placesOf(
  ctx: Ctx,
  views: readonly OffreView[],
): Promise<Map<number, { ville: string; region: string }>> {
  const ids = [...new Set(views.map((v) => v.villeId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const rows = await Ville.query(ctx.db)
    .alias('v')
    .joinRelated('region', { alias: 'r' })
    .whereIn('v.id', ids)
    .select('v.id', 'v.nom as ville', 'r.nom as region')
    .castTo<{ id: number; ville: string; region: string }[]>();
  return new Map(rows.map((r) => [Number(r.id), { ville: r.ville, region: r.region }]));
}
