/**
 * What the sitemaps list: the page of every public open offer and the page of every company that
 * has one (a company page shows its published offers, so it changes when one of them does), each
 * with its last change and, for the API's own pages, its language versions.
 */
import type { Ctx } from '../context.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { sitemapOffres, type SitemapOffre } from './feed-offres.ts';
import { entreprisePageUrl, offrePageUrl } from '../shared/index.ts';
import { pageAlternates } from './page-languages.ts';
import type { SitemapUrl } from './sitemap-xml.ts';

const BATCH = 10_000;

/** The latest of some dates; none on a site without offers, whose documents then tell no last change (not 1970). */
export function latestOf(dates: (Date | undefined)[]): Date | undefined {
  const times = dates.filter((d) => d !== undefined).map((d) => new Date(d).getTime());
  return times.length ? new Date(Math.max(...times)) : undefined;
}

export function newestOf(urls: { lastmod?: Date }[]): Date | undefined {
  return latestOf(urls.map((u) => u.lastmod));
}

export function pageEntry(ctx: Ctx, loc: string, lastmod: Date | undefined): SitemapUrl {
  return { loc, lastmod, alternates: pageAlternates(ctx, loc) };
}

/** Every public open offer's page, newest first. */
export async function offreEntries(ctx: Ctx): Promise<{ offres: SitemapOffre[]; urls: SitemapUrl[] }> {
  const offres = await sitemapOffres(ctx);
  return { offres, urls: offres.map((o) => pageEntry(ctx, offrePageUrl(ctx, o.id, o.titre), o.lastmod)) };
}

/** The page of every company with a public open offer, by id; its last change is its own or its newest offer's. */
export async function entrepriseEntries(ctx: Ctx, offres: SitemapOffre[]): Promise<SitemapUrl[]> {
  const newestOffre = new Map<number, number>();
  for (const o of offres) {
    const t = new Date(o.lastmod).getTime();
    newestOffre.set(o.entrepriseId, Math.max(t, newestOffre.get(o.entrepriseId) ?? 0));
  }
  const ids = [...newestOffre.keys()].sort((a, b) => a - b);
  const urls: SitemapUrl[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await Entreprise.query(ctx.db)
      .whereIn('id', ids.slice(i, i + BATCH))
      .orderBy('id')
      .select('id', 'nomEntreprise', 'updatedAt');
    for (const e of rows) {
      const lastmod = new Date(Math.max(new Date(e.updatedAt).getTime(), newestOffre.get(e.id) ?? 0));
      urls.push(pageEntry(ctx, entreprisePageUrl(ctx, e.id, e.nomEntreprise), lastmod));
    }
  }
  return urls;
}
