/**
 * The languages of the pages feeds and sitemaps point at. The API's own pages (`/emplois/...`,
 * `/entreprises/...`) are French at their address and English with `?lang=en`; a frontend's
 * (FRONTEND_URL) languages are its own business, so its addresses are left as they are and get no
 * alternates from us.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';

export interface PageAlternate {
  hreflang: 'fr' | 'en' | 'x-default';
  href: string;
}

/** The list page of offers: the frontend's `/offres`, else the API's `/emplois`. */
export function offresListPageUrl(ctx: Ctx): string {
  return ctx.config.frontendUrl ? `${ctx.config.frontendUrl}/offres` : `${ctx.config.publicUrl}/emplois`;
}

/** The page's address in `lang` (French is the address itself). */
export function pageInLanguage(ctx: Ctx, url: string, lang: Langue): string {
  if (lang === 'fr' || ctx.config.frontendUrl) return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=en`;
}

/** The hreflang alternates of one of the API's pages (French, English, French by default); none for the frontend's. */
export function pageAlternates(ctx: Ctx, url: string): PageAlternate[] {
  if (ctx.config.frontendUrl) return [];
  return [
    { hreflang: 'fr', href: url },
    { hreflang: 'en', href: pageInLanguage(ctx, url, 'en') },
    { hreflang: 'x-default', href: url },
  ];
}
