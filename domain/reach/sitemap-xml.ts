/**
 * Sitemaps as the sitemaps.org protocol writes them (xmlbuilder2): a `urlset` whose `url`s may carry
 * their language versions as `xhtml:link rel="alternate" hreflang` (the form search engines read in
 * sitemaps), and a `sitemapindex`. Every address goes through lib/xml-text.ts, so a `&` in a
 * configured URL reads back as typed.
 */
import { loadXmlBuilder } from '../../lib/xml-builder.ts';
import { xmlText } from '../../lib/xml-text.ts';
import type { PageAlternate } from './page-languages.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
  alternates?: PageAlternate[];
}

export async function sitemap(urls: SitemapUrl[]): Promise<string> {
  const create = await loadXmlBuilder();
  const set = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: SITEMAP_NS,
    'xmlns:xhtml': XHTML_NS,
  });
  for (const u of urls) {
    const url = set.ele('url');
    url.ele('loc').txt(xmlText(u.loc)).up();
    if (u.lastmod) url.ele('lastmod').txt(u.lastmod.toISOString()).up();
    for (const a of u.alternates ?? [])
      url.ele(XHTML_NS, 'xhtml:link', { rel: 'alternate', hreflang: a.hreflang, href: xmlText(a.href) }).up();
  }
  return set.end({ prettyPrint: false });
}

export async function sitemapIndex(pages: { loc: string; lastmod?: Date }[]): Promise<string> {
  const create = await loadXmlBuilder();
  const index = create({ version: '1.0', encoding: 'UTF-8' }).ele('sitemapindex', { xmlns: SITEMAP_NS });
  for (const p of pages) {
    const entry = index.ele('sitemap');
    entry.ele('loc').txt(xmlText(p.loc)).up();
    if (p.lastmod) entry.ele('lastmod').txt(p.lastmod.toISOString()).up();
  }
  return index.end({ prettyPrint: false });
}
