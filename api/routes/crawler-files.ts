/**
 * What crawlers read at the root of the API's address, outside /v1/api (like /docs): robots.txt
 * and the sitemaps (domain/reach/site-sitemaps.ts), at the root because the sitemaps protocol lets
 * a sitemap list only addresses under its own directory. Public, cacheable 5 minutes, with ETag,
 * Last-Modified and 304; a sitemap file past the last one is a 404. Counted in the `standard` rate
 * limit, like the pages and the API's reads.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { createContext, type Ctx } from '../../domain/context.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { robotsTxt } from '../../domain/reach/robots-txt.ts';
import {
  pagesSitemap,
  siteSitemapFile,
  siteSitemapIndex,
  type SitemapDocument,
  type SitemapPart,
} from '../../domain/reach/site-sitemaps.ts';
import { sendCacheable } from '../http/cacheable-answer.ts';
import { pageRateLimit, type RouteRateLimit } from '../pages/page-rate-limit.ts';

const XML = 'application/xml; charset=utf-8';
/** robots.txt says only what the configuration says: it changes when the process restarts. */
const STARTED = new Date();

function readerCtx(koa: Koa.Context, deps: AppDeps): Ctx {
  return createContext({ ...deps, logger: koa.state.log ?? deps.logger }, { type: 'anonymous' });
}

/** File n of a part: a positive integer, else no such file. */
function fileNumber(text: string | undefined): number {
  if (!text || !/^[1-9]\d{0,8}$/.test(text)) throw new NotFoundError('Sitemap');
  return Number(text);
}

export function mountCrawlerFiles(router: Router, deps: AppDeps, rateLimit: RouteRateLimit): void {
  const limit = pageRateLimit(rateLimit, '/sitemaps');
  const xml =
    (load: (ctx: Ctx, koa: Koa.Context) => Promise<SitemapDocument>) => async (koa: Koa.Context) => {
      const { xml: body, lastModified } = await load(readerCtx(koa, deps), koa);
      sendCacheable(koa, body, XML, lastModified);
    };
  const part = (name: SitemapPart) => xml((ctx, koa) => siteSitemapFile(ctx, name, fileNumber(koa.params.n)));
  router.get('/robots.txt', limit, (koa) => {
    sendCacheable(koa, robotsTxt(readerCtx(koa, deps)), 'text/plain; charset=utf-8', STARTED);
  });
  router.get('/sitemap.xml', limit, xml(siteSitemapIndex));
  router.get('/sitemap-pages.xml', limit, xml(pagesSitemap));
  router.get('/sitemap-offres-:n.xml', limit, part('offres'));
  router.get('/sitemap-entreprises-:n.xml', limit, part('entreprises'));
}
