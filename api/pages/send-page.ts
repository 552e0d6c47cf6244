/**
 * How a page leaves: HTML in UTF-8, in one language (`Content-Language`, `Vary: Accept-Language`),
 * under a strict Content-Security-Policy (nothing but our inlined style, same-origin images and
 * forms; the JSON-LD block is data, never run). Public pages carry an ETag of their bytes and a
 * Last-Modified, answer 304 to a client that holds them, and may be kept a minute by shared caches.
 * Pages behind an emailed token are never stored and send no referrer (the token is in the address).
 */
import type Koa from 'koa';
import etag from 'etag';
import { clientHasCurrent } from '../http/cacheable-answer.ts';
import { SITE_CSS_HASH } from './site-css.ts';
import type { PageLang } from './page-texts.ts';

export const PAGE_CSP = [
  "default-src 'none'",
  `style-src '${SITE_CSS_HASH}'`,
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Public pages may sit in shared caches this long: a closed offer says so within a minute. */
const PUBLIC_MAX_AGE_SECONDS = 60;

function htmlHeaders(koa: Koa.Context, lang: PageLang, csp: string): void {
  koa.set('Content-Language', lang);
  koa.vary('Accept-Language');
  koa.set('Content-Security-Policy', csp);
}

/** A page that is the same for everyone: conditional (ETag, Last-Modified, 304). */
export function sendPublicPage(
  koa: Koa.Context,
  html: string,
  opts: { lang: PageLang; lastModified: Date; status?: number },
): void {
  htmlHeaders(koa, opts.lang, PAGE_CSP);
  koa.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  const tag = etag(html);
  const modified = new Date(Math.floor(opts.lastModified.getTime() / 1000) * 1000);
  koa.set('ETag', tag);
  koa.set('Last-Modified', modified.toUTCString());
  koa.set('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  const status = opts.status ?? 200;
  if (status === 200 && clientHasCurrent(koa, tag, modified)) {
    koa.status = 304;
    koa.body = null;
    return;
  }
  koa.status = status;
  koa.type = 'text/html; charset=utf-8';
  koa.body = html;
}

/** A page that answers one emailed token: never stored, no referrer. */
export function sendPrivatePage(
  koa: Koa.Context,
  html: string,
  opts: { lang: PageLang; status?: number; csp?: string },
): void {
  htmlHeaders(koa, opts.lang, opts.csp ?? PAGE_CSP);
  koa.set('Referrer-Policy', 'no-referrer');
  koa.set('Cache-Control', 'no-store');
  koa.status = opts.status ?? 200;
  koa.type = 'text/html; charset=utf-8';
  koa.body = html;
}
