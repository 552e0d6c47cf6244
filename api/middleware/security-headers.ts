/**
 * Headers every answer carries: `X-Content-Type-Options: nosniff`, so a browser never runs a JSON
 * answer (or an uploaded file served back) as HTML or script because of what it looks like.
 */
import type Koa from 'koa';

export function securityHeaders(): Koa.Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  };
}
