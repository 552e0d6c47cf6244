/**
 * The language of a page: `?lang=en` or `?lang=fr` in its address (what hreflang alternates and
 * the language switch link to), else the request's Accept-Language, French by default.
 */
import type Koa from 'koa';
import { languageOf } from '../i18n/language.ts';
import type { PageLang } from './page-texts.ts';

export function pageLang(koa: Koa.Context): PageLang {
  const asked = koa.query.lang;
  if (asked === 'en' || asked === 'fr') return asked;
  return languageOf(koa);
}

/** A path with `?lang=en` (or `&lang=en`) when the page is in English. */
export function inLang(path: string, lang: PageLang): string {
  if (lang === 'fr') return path;
  return `${path}${path.includes('?') ? '&' : '?'}lang=en`;
}
