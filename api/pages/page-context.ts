/**
 * What every page handler needs: the domain context of an anonymous reader (pages are the same
 * for everyone, so they can be cached: a token sent along is ignored), and the page's head parts
 * shared by all pages (site name, Open Graph locale, the address in the other language).
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import { createContext, type Ctx } from '../../domain/context.ts';
import type { PageLang } from './page-texts.ts';
import { inLang } from './page-lang.ts';

export function readerCtx(koa: Koa.Context, deps: AppDeps): Ctx {
  return createContext({ ...deps, logger: koa.state.log ?? deps.logger }, { type: 'anonymous' });
}

export const OG_LOCALE: Record<PageLang, string> = { fr: 'fr_FR', en: 'en_GB' };

/** The same page in the other language: `url` is the French address. */
export function otherLanguageUrl(url: string, lang: PageLang): string {
  return lang === 'fr' ? inLang(url, 'en') : url;
}

/** An image of ours as a path of this origin (so the page loads nothing from elsewhere); null for another origin's. */
export function sameOriginPath(publicUrl: string, url: string): string | null {
  return url.startsWith(`${publicUrl}/`) ? url.slice(publicUrl.length) : null;
}

/** A link a company typed, kept only when it is a web address (never `javascript:`). */
export function webLink(url: string | null | undefined): string | null {
  return url && /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}
