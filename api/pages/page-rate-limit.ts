/**
 * The rate limit of what the API serves at its root (pages, share images, robots.txt, sitemaps):
 * the API's own limiter (api/middleware/rate-limit.ts) with a category, so a client's page views
 * and API calls count in the same `standard` budget and a crawler enumerating offer ids is slowed
 * like any API client. Beyond the limit a page answers its 429 as an HTML page (a person reads
 * it), with the limiter's headers (Retry-After, X-RateLimit-*).
 */
import type Koa from 'koa';
import type { RateCategory, RouteDef } from '../http/route.ts';
import { messagePageHtml, offersLink } from './message-page.ts';
import { pageLang } from './page-lang.ts';
import { sendPrivatePage } from './send-page.ts';

/** createRateLimit(deps)'s answer: a limiter for a route's category. */
export type RouteRateLimit = (route: RouteDef) => Koa.Middleware;

const TOO_MANY = {
  fr: {
    heading: 'Trop de demandes',
    text: (s: string) => `Trop de pages demandées depuis votre connexion. Réessayez dans ${s} secondes.`,
  },
  en: {
    heading: 'Too many requests',
    text: (s: string) => `Too many pages asked from your connection. Try again in ${s} seconds.`,
  },
} as const;

/** A route that is not one of the API's, named only so the limiter knows its category. */
function pseudoRoute(path: string, rateCategory: RateCategory): RouteDef {
  return {
    method: 'get',
    path,
    tag: 'pages',
    summary: 'public page',
    access: 'public',
    rateCategory,
    handler: async () => ({}),
  };
}

/** The limiter of `category` for the root addresses; its 429 becomes an HTML page. */
export function pageRateLimit(
  rateLimit: RouteRateLimit,
  path: string,
  category: RateCategory = 'standard',
): Koa.Middleware {
  const limiter = rateLimit(pseudoRoute(path, category));
  return async (koa, next) => {
    let passed = false;
    await limiter(koa, async () => {
      passed = true;
      await next();
    });
    if (passed || koa.status !== 429) return;
    const lang = pageLang(koa);
    const t = TOO_MANY[lang];
    const seconds = koa.response.get('Retry-After') || '60';
    const page = { heading: t.heading, paragraphs: [t.text(seconds)], link: offersLink(lang) };
    sendPrivatePage(koa, messagePageHtml(lang, page), { lang, status: 429 });
  };
}
