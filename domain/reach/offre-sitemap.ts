/**
 * The sitemap of every public open offer: one `urlset` while they fit in a page
 * (SITEMAP_PAGE_SIZE, 50,000 by default, the sitemaps protocol's maximum), else a `sitemapindex`
 * pointing at /public/sitemaps/offres-{n}.xml pages of that size.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { offrePageUrl, sitemapOffres } from './feed-offres.ts';
import { sitemap, sitemapIndex } from './xml-feeds.ts';

export async function offreSitemap(ctx: Ctx, page?: number): Promise<{ xml: string; lastModified: Date }> {
  const all = await sitemapOffres(ctx);
  const size = ctx.config.sitemapPageSize;
  const pages = Math.max(1, Math.ceil(all.length / size));
  const newest = (list: { lastmod: Date }[]) =>
    new Date(Math.max(0, ...list.map((u) => new Date(u.lastmod).getTime())));
  const urlset = (list: typeof all) => ({
    xml: sitemap(list.map((u) => ({ loc: offrePageUrl(ctx, u.id), lastmod: u.lastmod }))),
    lastModified: newest(list),
  });
  if (page === undefined) {
    if (pages === 1) return urlset(all);
    const index = Array.from({ length: pages }, (_, i) => ({
      loc: `${ctx.config.publicUrl}/v1/api/public/sitemaps/offres-${i + 1}.xml`,
      lastmod: newest(all.slice(i * size, (i + 1) * size)),
    }));
    return { xml: sitemapIndex(index), lastModified: newest(all) };
  }
  if (page < 1 || page > pages) throw new NotFoundError('Sitemap');
  return urlset(all.slice((page - 1) * size, page * size));
}
