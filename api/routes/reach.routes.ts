/**
 * Reach: what search engines and job aggregators read. schema.org JobPosting (JSON-LD) per offer,
 * RSS and the aggregators' XML feed (filtered like GET /offres, plus `q` with search semantics),
 * and sitemaps. Public, cacheable 5 minutes, conditional GETs (ETag, Last-Modified, 304); only
 * PUBLISHED offers of active companies whose deadline has not passed.
 */
import Type from 'typebox';
import { defineRoutes, Raw, route } from '../http/route.ts';
import { Id } from '../schemas/common.ts';
import { OffreFilterQuery } from '../schemas/offre.ts';
import { sendCacheable } from '../http/cacheable-answer.ts';
import { jsonForScript } from '../../lib/json-for-script.ts';
import { getJobPosting } from '../../domain/reach/job-posting.ts';
import { feedOffres } from '../../domain/reach/feed-offres.ts';
import { aggregatorFeed, rssFeed } from '../../domain/reach/xml-feeds.ts';
import { offreSitemap } from '../../domain/reach/offre-sitemap.ts';

const tag = 'Public Feeds';
const RSS_ITEMS = 200;
const XML_JOBS = 5000;
const cacheNote =
  'Public, `Cache-Control: public, max-age=300`, `ETag` and `Last-Modified` with 304 on `If-None-Match` / `If-Modified-Since`. Only PUBLISHED offers of active companies whose deadline has not passed.';
const FeedQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 200, description: 'words, with the semantics of GET /offres/search' }),
    ),
    ...OffreFilterQuery,
  },
  { additionalProperties: false },
);
const xmlDoc = Type.String({ description: 'an XML document' });

const newest = (dates: Date[]) => new Date(Math.max(0, ...dates.map((d) => new Date(d).getTime())));

export const routes = defineRoutes([
  route({
    method: 'get',
    path: '/public/offres/{offreId}/jobposting',
    tag,
    summary: 'schema.org JobPosting of an offer (JSON-LD, Google for Jobs)',
    description: `Every required and recommended property of Google for Jobs: title, HTML description, datePosted, validThrough (end of the deadline day, Africa/Douala), employmentType (CDI FULL_TIME, CDD TEMPORARY, FREELANCE CONTRACTOR, STAGE INTERN), hiringOrganization, jobLocation (and TELECOMMUTE when remote), baseSalary in XAF per month, identifier, directApply, url. 404 for an offer that is not public. Safe to inline as is in a page's \`<script type="application/ld+json">\`: \`<\`, \`>\`, \`&\`, U+2028 and U+2029 are written as \`\\u003c\`, \`\\u003e\`, \`\\u0026\`, \`\\u2028\`, \`\\u2029\` (the same JSON once parsed). ${cacheNote}`,
    access: 'public',
    params: Type.Object({ offreId: Id }),
    envelope: false,
    produces: 'application/ld+json',
    response: Type.Object(
      { '@context': Type.String(), '@type': Type.String() },
      { additionalProperties: true },
    ),
    handler: async ({ ctx, koa, params }) => {
      const { posting, lastModified } = await getJobPosting(ctx, params.offreId);
      sendCacheable(koa, jsonForScript(posting), 'application/ld+json; charset=utf-8', lastModified);
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/feeds/offres.rss',
    tag,
    summary: 'RSS 2.0 feed of offers',
    description: `Newest first (by relevance with \`q\`), at most ${RSS_ITEMS} items (title, link, guid = offer id, pubDate, description, category = sector); \`description\` is an HTML fragment (\`p\`, \`br\`, \`ul\`, \`li\`) with every text HTML-escaped. Takes the filters of GET /offres plus \`q\`, e.g. \`?q=comptable&villeId=2\`. ${cacheNote}`,
    access: 'public',
    query: FeedQuery,
    envelope: false,
    produces: 'application/rss+xml',
    response: xmlDoc,
    handler: async ({ ctx, koa, query }) => {
      const items = await feedOffres(ctx, query, RSS_ITEMS);
      const lastModified = newest(items.map((i) => i.offre.updatedAt));
      const xml = rssFeed(ctx, items, {
        selfUrl: `${ctx.config.publicUrl}${koa.url}`,
        lastBuildDate: lastModified,
      });
      sendCacheable(koa, xml, 'application/rss+xml; charset=utf-8', lastModified);
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/feeds/offres.xml',
    tag,
    summary: 'Job aggregators’ XML feed of offers',
    description: `\`<source>\` with \`<publisher>\`, \`<publisherurl>\`, \`<lastBuildDate>\` and at most ${XML_JOBS} \`<job>\` (title, date, referencenumber, url, company, city, state, country CM, postalcode, description, salary "300000 - 450000 XAF par mois", jobtype, category, expirationdate), every text in CDATA; \`description\` is HTML like the RSS one. Same filters as the RSS feed. ${cacheNote}`,
    access: 'public',
    query: FeedQuery,
    envelope: false,
    produces: 'application/xml',
    response: xmlDoc,
    handler: async ({ ctx, koa, query }) => {
      const items = await feedOffres(ctx, query, XML_JOBS);
      const lastModified = newest(items.map((i) => i.offre.updatedAt));
      sendCacheable(
        koa,
        aggregatorFeed(ctx, items, { lastBuildDate: lastModified }),
        'application/xml; charset=utf-8',
        lastModified,
      );
      return Raw.instance;
    },
  }),
  route({
    method: 'get',
    path: '/public/sitemaps/offres.xml',
    tag,
    summary: 'Sitemap of every public offer',
    description: `A \`urlset\` (loc = the offer's page, lastmod); past SITEMAP_PAGE_SIZE offers (50,000) a \`sitemapindex\` of /public/sitemaps/offres-{n}.xml pages. ${cacheNote}`,
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
