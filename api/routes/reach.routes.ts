/**
 * Reach: what search engines and job aggregators read. schema.org JobPosting (JSON-LD) per offer,
 * RSS and the aggregators' XML feed (filtered like GET /offres, plus `q` with search semantics),
 * and the partners' sitemaps (search engines read the root ones: api/routes/crawler-routes.ts).
 * Public, cacheable 5 minutes, conditional GETs (ETag, Last-Modified, 304), showing the offers a
 * visitor may see (`cacheNote` says which). The JSON-LD and the feeds are French or
 * English (`?lang=`, else Accept-Language), each language with its own ETag.
 */
import type Koa from 'koa';
import Type from 'typebox';
import { defineRoutes, Raw, route } from '../http/route.ts';
import { Id, StringEnum } from '../schemas/common.ts';
import { languageOf } from '../i18n/language.ts';
import { LANGUES, type Langue } from '../../models/account.ts';
import { OffreFilterQuery } from '../schemas/offre.ts';
import { sendCacheable } from '../http/cacheable-answer.ts';
import { jsonForScript } from '../../lib/json-for-script.ts';
import { getJobPosting } from '../../domain/reach/job-posting.ts';
import { feedOffres } from '../../domain/reach/feed-offres.ts';
import { aggregatorFeed, rssFeed } from '../../domain/reach/xml-feeds.ts';
import { offreSitemap } from '../../domain/reach/offre-sitemap.ts';
import { latestOf } from '../../domain/reach/sitemap-entries.ts';

const tag = 'Public Feeds';
const RSS_ITEMS = 200;
const XML_JOBS = 5000;
const cacheNote =
  'Public, `Cache-Control: public, max-age=300`, `ETag` and `Last-Modified` with 304 on `If-None-Match` / `If-Modified-Since` (no `Last-Modified`, nor `lastmod` / `lastBuildDate` in the document, while it lists no offer). Only PUBLISHED offers of active companies whose deadline has not passed.';
const languageNote =
  'In French, or in English with `?lang=en` or `Accept-Language: en` (`lang` wins): labels, contract types and dates; the offers’ own texts stay as typed. `Content-Language` says which; each language has its own ETag (`Vary: Accept-Language`).';
const Lang = Type.Optional(
  StringEnum([...LANGUES], {
    description: 'fr or en; without it, Accept-Language chooses (French by default)',
  }),
);
const FeedQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 200, description: 'words, with the semantics of GET /offres/search' }),
    ),
    ...OffreFilterQuery,
    lang: Lang,
  },
  { additionalProperties: false },
);

/** The language asked: `?lang=` first, else Accept-Language. */
const languageAsked = (koa: Koa.Context, lang: Langue | undefined): Langue => lang ?? languageOf(koa);

/** The feed's own address, saying its language when it is English whichever way it was asked. */
function selfUrl(publicUrl: string, koa: Koa.Context, lang: Langue): string {
  const query = new URLSearchParams(koa.querystring);
  if (lang === 'en') query.set('lang', 'en');
  const text = query.toString();
  return `${publicUrl}${koa.path}${text ? `?${text}` : ''}`;
}
const xmlDoc = Type.String({ description: 'an XML document' });

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/public/offres/{offreId}/jobposting',
    tag,
    summary: 'schema.org JobPosting of an offer (JSON-LD, Google for Jobs)',
    description: `Every required and recommended property of Google for Jobs: title, HTML description, datePosted, validThrough (end of the deadline day, Africa/Douala), employmentType (CDI FULL_TIME, CDD TEMPORARY, FREELANCE CONTRACTOR, STAGE INTERN), hiringOrganization, jobLocation (and TELECOMMUTE when remote), baseSalary in XAF per month, identifier, directApply, url (the offer's page). 404 for an offer that is not public. Safe to inline as is in a page's \`<script type="application/ld+json">\`: \`<\`, \`>\`, \`&\`, U+2028 and U+2029 are written as \`\\u003c\`, \`\\u003e\`, \`\\u0026\`, \`\\u2028\`, \`\\u2029\` (the same JSON once parsed). ${languageNote} ${cacheNote}`,
    access: 'public',
    params: Type.Object({ offreId: Id }),
    query: Type.Object({ lang: Lang }, { additionalProperties: false }),
    envelope: false,
    produces: 'application/ld+json',
    response: Type.Object(
      { '@context': Type.String(), '@type': Type.String() },
      { additionalProperties: true },
    ),
    handler: async ({ ctx, koa, params, query }) => {
      const lang = languageAsked(koa, query.lang);
      const { posting, lastModified } = await getJobPosting(ctx, params.offreId, lang);
      sendCacheable(koa, jsonForScript(posting), 'application/ld+json; charset=utf-8', lastModified, lang);
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/feeds/offres.rss',
    tag,
    summary: 'RSS 2.0 feed of offers',
    description: `Newest first (by relevance with \`q\`), at most ${RSS_ITEMS} items (title, link = the offer's page, guid = its permanent address \`/emplois/{id}\` with \`isPermaLink="true"\`, pubDate, description, category = sector); the channel's \`link\` is the list page of offers and \`atom:link rel="self"\` the feed's own address. \`description\` is an HTML fragment (\`p\`, \`strong\`, \`br\`, \`ul\`, \`li\`): the title, company, city, contract, salary, deadline, remote work, then the description of the JSON-LD (text, department, experience, skills), every text HTML-escaped. Takes the filters of GET /offres plus \`q\`, e.g. \`?q=comptable&villeId=2\`. ${languageNote} ${cacheNote}`,
    access: 'public',
    query: FeedQuery,
    envelope: false,
    produces: 'application/rss+xml',
    response: xmlDoc,
    handler: async ({ ctx, koa, query: { lang: asked, ...filters } }) => {
      const lang = languageAsked(koa, asked);
      const items = await feedOffres(ctx, filters, RSS_ITEMS);
      const lastModified = latestOf(items.map((i) => i.offre.updatedAt));
      const xml = await rssFeed(ctx, items, {
        lang,
        selfUrl: selfUrl(ctx.config.publicUrl, koa, lang),
        lastBuildDate: lastModified,
      });
      sendCacheable(koa, xml, 'application/rss+xml; charset=utf-8', lastModified, lang);
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/feeds/offres.xml',
    tag,
    summary: 'Job aggregators’ XML feed of offers',
    description: `Indeed's format: \`<source>\` with \`<publisher>\`, \`<publisherurl>\`, \`<lastBuildDate>\` and at most ${XML_JOBS} \`<job>\` (title, date in ISO 8601, referencenumber and requisitionid = the offer id, url = the offer's page, company, city, state, country CM, postalcode, description, salary "300000 - 450000 XAF par mois", jobtype, category, expirationdate, and remotetype "Hybrid remote" when remote work is possible), every text in CDATA; \`description\` is plain text: the offer's text, department, experience and skills, as in the JSON-LD. Same filters as the RSS feed. ${languageNote} ${cacheNote}`,
    access: 'public',
    query: FeedQuery,
    envelope: false,
    produces: 'application/xml',
    response: xmlDoc,
    handler: async ({ ctx, koa, query: { lang: asked, ...filters } }) => {
      const lang = languageAsked(koa, asked);
      const items = await feedOffres(ctx, filters, XML_JOBS);
      const lastModified = latestOf(items.map((i) => i.offre.updatedAt));
      sendCacheable(
        koa,
        await aggregatorFeed(ctx, items, { lang, lastBuildDate: lastModified }),
        'application/xml; charset=utf-8',
        lastModified,
        lang,
      );
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/sitemaps/offres.xml',
    tag,
    summary: 'Sitemap of every public offer',
    description: `A \`urlset\` (loc = the offer's page, lastmod, and without FRONTEND_URL its French and English versions as \`xhtml:link rel="alternate" hreflang\`); past SITEMAP_PAGE_SIZE offers (50,000) a \`sitemapindex\` of /public/sitemaps/offres-{n}.xml pages. For partners: search engines read \`/sitemap.xml\` at the root (named by \`/robots.txt\`), where the sitemaps protocol lets a sitemap list the pages. ${cacheNote}`,
    access: 'public',
    envelope: false,
    produces: 'application/xml',
    response: xmlDoc,
    handler: async ({ ctx, koa }) => {
      const { xml, lastModified } = await offreSitemap(ctx);
      sendCacheable(koa, xml, 'application/xml; charset=utf-8', lastModified);
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/sitemaps/offres-{n}.xml',
    tag,
    summary: 'One page of the offers sitemap',
    description: `Page n (from 1) of SITEMAP_PAGE_SIZE offers; 404 past the last page. ${cacheNote}`,
    access: 'public',
    params: Type.Object({ n: Type.Integer({ minimum: 1 }) }),
    envelope: false,
    produces: 'application/xml',
    response: xmlDoc,
    handler: async ({ ctx, koa, params }) => {
      const { xml, lastModified } = await offreSitemap(ctx, params.n);
      sendCacheable(koa, xml, 'application/xml; charset=utf-8', lastModified);
      return Raw.instance;
    },
  }),
]);
