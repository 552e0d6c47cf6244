/**
 * The sitemaps search engines read, at the root of the API's address: the sitemaps protocol lets a
 * sitemap list only addresses under its own directory, so every file sits at `/`.
 *
 * - `/sitemap.xml`: the index of the others;
 * - `/sitemap-pages.xml`: the list page of offers;
 * - `/sitemap-offres-{n}.xml`: the offers' pages, SITEMAP_PAGE_SIZE a file, newest first;
 * - `/sitemap-entreprises-{n}.xml`: the pages of the companies with an open offer, as many a file.
 *
 * Without FRONTEND_URL the pages are the API's own, each with its French and English versions as
 * hreflang alternates; with it they are the frontend's addresses (whose robots.txt must name our
 * /sitemap.xml for search engines to accept them from another host).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { entrepriseEntries, newestOf, offreEntries, pageEntry } from './sitemap-entries.ts';
import { offresListPageUrl } from './page-languages.ts';
import { sitemap, sitemapIndex, type SitemapUrl } from './sitemap-xml.ts';

export type SitemapPart = 'offres' | 'entreprises';

export interface SitemapDocument {
  xml: string;
  lastModified?: Date;
}

interface Site {
  offres: SitemapUrl[];
  entreprises: SitemapUrl[];
}

async function siteOf(ctx: Ctx): Promise<Site> {
  const { offres, urls } = await offreEntries(ctx);
  return { offres: urls, entreprises: await entrepriseEntries(ctx, offres) };
}

/** The part's files: SITEMAP_PAGE_SIZE addresses each, none for an empty part. */
function filesOf(ctx: Ctx, urls: SitemapUrl[]): SitemapUrl[][] {
  const size = ctx.config.sitemapPageSize;
  return Array.from({ length: Math.ceil(urls.length / size) }, (_, i) =>
    urls.slice(i * size, (i + 1) * size),
  );
}

export function sitemapPartUrl(ctx: Ctx, part: SitemapPart | 'pages', n?: number): string {
  return `${ctx.config.publicUrl}/sitemap-${part}${n === undefined ? '' : `-${n}`}.xml`;
}

export async function siteSitemapIndex(ctx: Ctx): Promise<SitemapDocument> {
  const site = await siteOf(ctx);
  const entries = [{ loc: sitemapPartUrl(ctx, 'pages'), lastmod: newestOf(site.offres) }];
  for (const part of ['offres', 'entreprises'] as const)
    filesOf(ctx, site[part]).forEach((file, i) =>
      entries.push({ loc: sitemapPartUrl(ctx, part, i + 1), lastmod: newestOf(file) }),
    );
  return { xml: await sitemapIndex(entries), lastModified: newestOf(entries) };
}

/** The list page of offers, which changes with its newest offer. */
export async function pagesSitemap(ctx: Ctx): Promise<SitemapDocument> {
  const { urls } = await offreEntries(ctx);
  const lastModified = newestOf(urls);
  return { xml: await sitemap([pageEntry(ctx, offresListPageUrl(ctx), lastModified)]), lastModified };
}

/** File n (from 1) of a part; 404 past its last file. */
export async function siteSitemapFile(ctx: Ctx, part: SitemapPart, n: number): Promise<SitemapDocument> {
  const urls = part === 'offres' ? (await offreEntries(ctx)).urls : (await siteOf(ctx)).entreprises;
  const file = filesOf(ctx, urls)[n - 1];
  if (!file) throw new NotFoundError('Sitemap');
  return { xml: await sitemap(file), lastModified: newestOf(file) };
}
