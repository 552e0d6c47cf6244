/**
 * The XML documents of the public feeds (xmlbuilder2): RSS 2.0, the aggregators' job feed
 * (`<source>` with `<job>` elements, every text in CDATA) and sitemaps. Every text goes through
 * lib/xml-text.ts (`xmlText` for `txt()`, `appendCdata`), so the documents stay well-formed and read
 * back as typed whatever recruiters type. Both feeds' `description` is HTML (readers and aggregators
 * render it), built with every text HTML-escaped.
 */
import { create } from 'xmlbuilder2';
import type { Ctx } from '../context.ts';
import type { ContractType } from '../../models/offre.ts';
import { appendCdata, xmlText } from '../../lib/xml-text.ts';
import { offrePageUrl, type FeedOffre } from './feed-offres.ts';
import { offreDescriptionHtml } from './offre-description-html.ts';

const JOB_TYPE: Record<ContractType, string> = {
  CDI: 'fulltime',
  CDD: 'temporary',
  FREELANCE: 'contract',
  STAGE: 'internship',
};

export function rssFeed(
  ctx: Ctx,
  items: FeedOffre[],
  opts: { selfUrl: string; lastBuildDate: Date },
): string {
  const channel = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', { version: '2.0' }).ele('channel');
  channel.ele('title').txt('Offres d’emploi — Recrutement Cameroun').up();
  channel.ele('link').txt(xmlText(opts.selfUrl)).up();
  channel.ele('description').txt('Les offres d’emploi publiées, les plus récentes d’abord').up();
  channel.ele('language').txt('fr').up();
  channel.ele('lastBuildDate').txt(opts.lastBuildDate.toUTCString()).up();
  for (const item of items) {
    const o = item.offre;
    const entry = channel.ele('item');
    entry
      .ele('title')
      .txt(xmlText(`${o.titre} — ${o.entreprise?.nomEntreprise ?? ''}`))
      .up();
    entry
      .ele('link')
      .txt(xmlText(offrePageUrl(ctx, o.id)))
      .up();
    entry.ele('guid', { isPermaLink: 'false' }).txt(String(o.id)).up();
    entry
      .ele('pubDate')
      .txt((o.publishedAt ?? o.createdAt).toUTCString())
      .up();
    entry
      .ele('description')
      .txt(xmlText(offreDescriptionHtml(o)))
      .up();
    if (o.entreprise?.secteurActivite) entry.ele('category').txt(xmlText(o.entreprise.secteurActivite)).up();
  }
  return channel.end({ prettyPrint: false });
}

export function aggregatorFeed(ctx: Ctx, items: FeedOffre[], opts: { lastBuildDate: Date }): string {
  const source = create({ version: '1.0', encoding: 'UTF-8' }).ele('source');
  appendCdata(source.ele('publisher'), 'Recrutement Cameroun').up();
  appendCdata(source.ele('publisherurl'), ctx.config.frontendUrl ?? ctx.config.publicUrl).up();
  appendCdata(source.ele('lastBuildDate'), opts.lastBuildDate.toUTCString()).up();
  for (const item of items) {
    const o = item.offre;
    const job = source.ele('job');
    const field = (name: string, value: string | null | undefined) => appendCdata(job.ele(name), value).up();
    field('title', o.titre);
    field('date', (o.publishedAt ?? o.createdAt).toUTCString());
    field('referencenumber', String(o.id));
    field('url', offrePageUrl(ctx, o.id));
    field('company', o.entreprise?.nomEntreprise ?? '');
    field('city', item.ville ?? o.localisation ?? '');
    field('state', item.region ?? '');
    field('country', 'CM');
    field('postalcode', '');
    field('description', offreDescriptionHtml(o));
    field('salary', salaryText(o.salaireMin, o.salaireMax));
    field('jobtype', JOB_TYPE[o.contractType]);
    field('category', o.entreprise?.secteurActivite ?? '');
    field('expirationdate', o.deadline ?? '');
  }
  return source.end({ prettyPrint: false });
}

/** "300000 - 450000 XAF par mois" when both bounds are known, one bound alone otherwise, '' without salary. */
export function salaryText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min} - ${max} XAF par mois`;
  if (min !== null) return `${min} XAF par mois`;
  if (max !== null) return `${max} XAF par mois`;
  return '';
}

export function sitemap(urls: { loc: string; lastmod: Date }[]): string {
  const set = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  for (const u of urls)
    set.ele('url').ele('loc').txt(xmlText(u.loc)).up().ele('lastmod').txt(u.lastmod.toISOString()).up().up();
  return set.end({ prettyPrint: false });
}

export function sitemapIndex(pages: { loc: string; lastmod: Date }[]): string {
  const index = create({ version: '1.0', encoding: 'UTF-8' }).ele('sitemapindex', {
    xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  });
  for (const p of pages)
    index
      .ele('sitemap')
      .ele('loc')
      .txt(xmlText(p.loc))
      .up()
      .ele('lastmod')
      .txt(p.lastmod.toISOString())
      .up()
      .up();
  return index.end({ prettyPrint: false });
}
