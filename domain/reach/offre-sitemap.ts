/**
 * The offers' sitemap at its API address, /v1/api/public/sitemaps/offres.xml, for partners that
 * read it there: one `urlset` while the offers fit in a page (SITEMAP_PAGE_SIZE, 50,000 by
 * default, the sitemaps protocol's maximum), else a `sitemapindex` pointing at
 * /public/sitemaps/offres-{n}.xml pages of that size. Search engines are sent to the root sitemaps
 * instead (site-sitemaps.ts), whose location lets them list the pages.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { newestOf, offreEntries } from './sitemap-entries.ts';
import { sitemap, sitemapIndex, type SitemapUrl } from './sitemap-xml.ts';

export async function offreSitemap(ctx: Ctx, page?: number): Promise<{ xml: string; lastModified?: Date }> {
  const { urls } = await offreEntries(ctx);
  const size = ctx.config.sitemapPageSize;
  const pages = Math.max(1, Math.ceil(urls.length / size));
  const urlset = async (list: SitemapUrl[]) => ({ xml: await sitemap(list), lastModified: newestOf(list) });
  if (page === undefined) {
    if (pages === 1) return urlset(urls);
    const index = Array.from({ length: pages }, (_, i) => ({
      loc: `${ctx.config.publicUrl}/v1/api/public/sitemaps/offres-${i + 1}.xml`,
      lastmod: newestOf(urls.slice(i * size, (i + 1) * size)),
    }));
    return { xml: await sitemapIndex(index), lastModified: newestOf(urls) };
  }
  if (page < 1 || page > pages) throw new NotFoundError('Sitemap');
  return urlset(urls.slice((page - 1) * size, page * size));
}
