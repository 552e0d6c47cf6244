/**
 * Versioning inside v1: `Accept: application/vnd.service.v2+json` selects the
 * newer representation (a Company's logoUrl as an object). Decided here once per request; the
 * company presenter reads ctx.state.representation. Every answer varies on Accept.
 */
import type Koa from 'koa';

export type Representation = 'v1' | 'v2';

export const V2_MEDIA_TYPE = 'application/vnd.service.v2+json';

export function representation(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.state.representation = ctx.get('Accept').toLowerCase().includes(V2_MEDIA_TYPE) ? 'v2' : 'v1';
    ctx.vary('Accept');
    await next();
  };
}

export function representationOf(ctx: Koa.Context): Representation {
  return ctx.state.representation === 'v2' ? 'v2' : 'v1';
}
