/**
 * How many bytes of body a route reads. Most bodies are a few fields (16 KB holds any 5,000
 * characters of text plus the rest); routes that take long texts (offer and company descriptions,
 * cover letters, blog articles, company pages) declare the long limit. The parser refuses a body
 * over its route's limit before parsing it: from Content-Length when it is sent, else as soon as
 * that many bytes have arrived. Uploads (multipart) keep their own per-route file limit.
 */
import type { Language } from '../i18n/language.ts';
import type { RouteDef } from './route.ts';

export const DEFAULT_BODY_LIMIT = 16 * 1024;
export const LONG_TEXT_BODY_LIMIT = 100 * 1024;

export function bodyLimitOf(route: Pick<RouteDef, 'bodyLimit'>): number {
  return route.bodyLimit ?? DEFAULT_BODY_LIMIT;
}

/** "16 KB" for 16384 bytes; "Ko" in French. */
export function kilobytes(bytes: number, lang: Language = 'en'): string {
  const n = Number.isInteger(bytes / 1024) ? String(bytes / 1024) : (bytes / 1024).toFixed(1);
  return `${n} ${lang === 'fr' ? 'Ko' : 'KB'}`;
}

/** What a 413 says about the limit it hit, in the answer's language. */
export function bodyLimitSentence(bytes: number, lang: Language): string {
  return lang === 'fr'
    ? `Le corps de la requête dépasse ${kilobytes(bytes, 'fr')} (${bytes} octets), la limite de cette route`
    : `The request body is over ${kilobytes(bytes, 'en')} (${bytes} bytes), this route's limit`;
}
