/**
 * The XML documents of the public feeds (xmlbuilder2): RSS 2.0, the aggregators' job feed
 * (`<source>` with `<job>` elements, every text in CDATA) and sitemaps. Characters XML 1.0 does
 * not allow are removed from every text; a `]]>` inside CDATA is split across two sections.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Ctx } from '../context.ts';
import type { ContractType } from '../../models/offre.ts';
import { offrePageUrl, type FeedOffre } from './feed-offres.ts';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVALID_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text XML 1.0 can carry: control characters, lone surrogates and U+FFFE/FFFF removed. */
export function xmlText(value: string | null | undefined): string {
  return (value ?? '').replace(INVALID_XML, '');
}

/** Appends `text` as CDATA to `node`, split where it holds `]]>`. */
function cdata(node: XMLBuilder, value: string | null | undefined): XMLBuilder {
  const parts = xmlText(value).split(']]>');
  parts.forEach((part, i) => {
    const head = i === 0 ? '' : '>';
    const tail = i === parts.length - 1 ? '' : ']]';
    node.dat(`${head}${part}${tail}`);
  });
  return node;
}

const JOB_TYPE: Record<ContractType, string> = {
  CDI: 'fulltime',
  CDD: 'temporary',
  FREELANCE: 'contract',
  STAGE: 'internship',
};

const plainDescription = (item: FeedOffre) =>
  [
    item.offre.description ?? '',
    item.offre.competences.length ? `Compétences : ${item.offre.competences.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');

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
    entry.ele('link').txt(offrePageUrl(ctx, o.id)).up();
    entry.ele('guid', { isPermaLink: 'false' }).txt(String(o.id)).up();
    entry
      .ele('pubDate')
      .txt((o.publishedAt ?? o.createdAt).toUTCString())
      .up();
    entry
      .ele('description')
      .txt(xmlText(plainDescription(item)))
      .up();
    if (o.entreprise?.secteurActivite) entry.ele('category').txt(xmlText(o.entreprise.secteurActivite)).up();
  }
  return channel.end({ prettyPrint: false });
}

export function aggregatorFeed(ctx: Ctx, items: FeedOffre[], opts: { lastBuildDate: Date }): string {
  const source = create({ version: '1.0', encoding: 'UTF-8' }).ele('source');
  cdata(source.ele('publisher'), 'Recrutement Cameroun').up();
  cdata(source.ele('publisherurl'), ctx.config.frontendUrl ?? ctx.config.publicUrl).up();
  cdata(source.ele('lastBuildDate'), opts.lastBuildDate.toUTCString()).up();
  for (const item of items) {
    const o = item.offre;
    const job = source.ele('job');
    const field = (name: string, value: string | null | undefined) => cdata(job.ele(name), value).up();
    field('title', o.titre);
    field('date', (o.publishedAt ?? o.createdAt).toUTCString());
    field('referencenumber', String(o.id));
    field('url', offrePageUrl(ctx, o.id));
    field('company', o.entreprise?.nomEntreprise ?? '');
    field('city', item.ville ?? o.localisation ?? '');
    field('state', item.region ?? '');
    field('country', 'CM');
    field('postalcode', '');
    field('description', plainDescription(item));
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
