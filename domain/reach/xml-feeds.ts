/**
 * The XML documents of the public feeds (xmlbuilder2): RSS 2.0 and the aggregators' job feed
 * (Indeed's format: `<source>` with `<job>` elements, every text in CDATA). Every text goes through
 * lib/xml-text.ts (`xmlText` for `txt()`, `appendCdata`), so the documents stay well-formed and read
 * back as typed whatever recruiters type. Labels, contract types and dates are in the language
 * asked; the offers' own texts stay as typed.
 */
import { loadXmlBuilder } from '../../lib/xml-builder.ts';
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import type { ContractType } from '../../models/offre.ts';
import { appendCdata, xmlText } from '../../lib/xml-text.ts';
import type { FeedOffre } from './feed-offres.ts';
import { offrePageUrl } from '../shared/index.ts';
import { offreSummaryHtml } from './offre-summary-html.ts';
import { offreDescriptionText } from './offre-description-text.ts';
import { reachTexts, salaryText } from './offre-labels.ts';
import { offresListPageUrl, pageInLanguage } from './page-languages.ts';

export { salaryText };

const ATOM_NS = 'http://www.w3.org/2005/Atom';

const JOB_TYPE: Record<ContractType, string> = {
  CDI: 'fulltime',
  CDD: 'temporary',
  FREELANCE: 'contract',
  STAGE: 'internship',
};

/**
 * Indeed's `remotetype`. An offer says only that remote work is possible, at a place it names:
 * remote and on-site both, which Indeed calls "Hybrid remote".
 */
const REMOTE_TYPE = 'Hybrid remote';

export interface FeedOptions {
  lang: Langue;
  /** The newest item's last change; none for a feed without items. */
  lastBuildDate?: Date;
}

/**
 * RSS 2.0 with `atom:link rel="self"` (the feed's own address); the channel's link is the list
 * page of offers. Each item's `guid` is its page's permanent address (`/emplois/{id}`, which
 * redirects to the page whatever its title becomes), its `link` the page's current address.
 */
export async function rssFeed(
  ctx: Ctx,
  items: FeedOffre[],
  opts: FeedOptions & { selfUrl: string },
): Promise<string> {
  const create = await loadXmlBuilder();
  const t = reachTexts(opts.lang);
  const page = (url: string) => xmlText(pageInLanguage(ctx, url, opts.lang));
  const channel = create({ version: '1.0', encoding: 'UTF-8' })
    .ele('rss', { version: '2.0', 'xmlns:atom': ATOM_NS })
    .ele('channel');
  channel.ele('title').txt(t.feedTitle).up();
  channel
    .ele('link')
    .txt(page(offresListPageUrl(ctx)))
    .up();
  channel
    .ele(ATOM_NS, 'atom:link', { href: xmlText(opts.selfUrl), rel: 'self', type: 'application/rss+xml' })
    .up();
  channel.ele('description').txt(t.feedDescription).up();
  channel.ele('language').txt(opts.lang).up();
  if (opts.lastBuildDate) channel.ele('lastBuildDate').txt(opts.lastBuildDate.toUTCString()).up();
  for (const item of items) {
    const o = item.offre;
    const entry = channel.ele('item');
    entry
      .ele('title')
      .txt(xmlText(`${o.titre} — ${o.entreprise?.nomEntreprise ?? ''}`))
      .up();
    entry
      .ele('link')
      .txt(page(offrePageUrl(ctx, o.id, o.titre)))
      .up();
    entry
      .ele('guid', { isPermaLink: 'true' })
      .txt(page(offrePageUrl(ctx, o.id)))
      .up();
    entry
      .ele('pubDate')
      .txt((o.publishedAt ?? o.createdAt).toUTCString())
      .up();
    entry
      .ele('description')
      .txt(xmlText(offreSummaryHtml(item, opts.lang)))
      .up();
    if (o.entreprise?.secteurActivite) entry.ele('category').txt(xmlText(o.entreprise.secteurActivite)).up();
  }
  return channel.end({ prettyPrint: false });
}

/**
 * Indeed's XML feed: every required element (title, date, referencenumber, requisitionid, url,
 * company, city, country, description), dates in ISO 8601, the description as plain text.
 */
export async function aggregatorFeed(ctx: Ctx, items: FeedOffre[], opts: FeedOptions): Promise<string> {
  const create = await loadXmlBuilder();
  const source = create({ version: '1.0', encoding: 'UTF-8' }).ele('source');
  appendCdata(source.ele('publisher'), 'Recrutement Cameroun').up();
  // Without a frontend the site's home is the list page: the API's root answers JSON.
  appendCdata(source.ele('publisherurl'), ctx.config.frontendUrl ?? offresListPageUrl(ctx)).up();
  if (opts.lastBuildDate) appendCdata(source.ele('lastBuildDate'), opts.lastBuildDate.toISOString()).up();
  for (const item of items) {
    const o = item.offre;
    const job = source.ele('job');
    const field = (name: string, value: string | null | undefined) => appendCdata(job.ele(name), value).up();
    field('title', o.titre);
    field('date', (o.publishedAt ?? o.createdAt).toISOString());
    field('referencenumber', String(o.id));
    field('requisitionid', String(o.id));
    field('url', pageInLanguage(ctx, offrePageUrl(ctx, o.id, o.titre), opts.lang));
    field('company', o.entreprise?.nomEntreprise ?? '');
    // Indeed requires a city: an offer with neither a city nor a place written names the country,
    // as an offer open anywhere in it is.
    field('city', item.ville || o.localisation?.trim() || 'Cameroun');
    field('state', item.region ?? '');
    field('country', 'CM');
    field('postalcode', '');
    field('description', offreDescriptionText(o, opts.lang));
    field('salary', salaryText(o.salaireMin, o.salaireMax, opts.lang));
    field('jobtype', JOB_TYPE[o.contractType]);
    field('category', o.entreprise?.secteurActivite ?? '');
    field('expirationdate', o.deadline ?? '');
    if (o.remotePossible) field('remotetype', REMOTE_TYPE);
  }
  return source.end({ prettyPrint: false });
}
