/** Rate limiting per (category, client IP): see the accounts issue. Pass-through until then. */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../http/route.ts';

export function createRateLimit(_deps: AppDeps): (route: RouteDef) => Koa.Middleware {
  return () => async (_ctx, next) => {
    await next();
  };
}
