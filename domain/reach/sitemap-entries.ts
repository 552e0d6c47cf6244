/**
 * What the sitemaps list: the page of every public open offer and the page of every company that
 * has one (a company page shows its published offers, so it changes when one of them does), each
 * with its last change and, for the API's own pages, its language versions.
 */
import type { Ctx } from '../context.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { entreprisePageUrl, offrePageUrl, sitemapOffres, type SitemapOffre } from './feed-offres.ts';
import { pageAlternates } from './page-languages.ts';
import type { SitemapUrl } from './sitemap-xml.ts';

const BATCH = 10_000;

export function newestOf(urls: { lastmod: Date }[]): Date {
  return new Date(Math.max(0, ...urls.map((u) => new Date(u.lastmod).getTime())));
}

export function pageEntry(ctx: Ctx, loc: string, lastmod: Date): SitemapUrl {
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
