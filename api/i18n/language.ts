/**
 * The language of an answer: French (the default) or English, chosen by `Accept-Language` (the
 * highest-weighted supported language; anything else falls back to French). Every answer says
 * which in `Content-Language`. Error codes never change with the language.
 */
import type Koa from 'koa';

export type Language = 'fr' | 'en';
export const LANGUAGES: readonly Language[] = ['fr', 'en'];

export function negotiateLanguage(header: string | undefined): Language {
  let best: { lang: Language; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const lang = LANGUAGES.find((l) => tag === l || tag.startsWith(`${l}-`));
    if (!lang) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'fr';
}

/** Middleware: picks the language once per request and sends `Content-Language` on every answer. */
export function language(): Koa.Middleware {
  return async (ctx, next) => {
    const lang = negotiateLanguage(ctx.get('Accept-Language'));
    ctx.state.lang = lang;
    ctx.set('Content-Language', lang);
    ctx.vary('Accept-Language');
    await next();
  };
}

export function languageOf(ctx: Koa.Context): Language {
  return (ctx.state.lang as Language | undefined) ?? 'fr';
}
