/**
 * The API's routes, dispatched by the first segment of their path (`/v1/api/<segment>/...`), each
 * segment with its own koa-router. One router holding every route tests each request against
 * every route's pattern, in order (and calls its debug logger for each); a request here is tested
 * only against its segment's few routes, in their declared order. Matching keeps koa-router's
 * defaults: case-insensitive, a trailing slash allowed. A path that exists under other methods is
 * answered 405 with an `Allow` header (and OPTIONS with its `Allow` list), by koa-router's
 * allowedMethods; the error middleware words the 405.
 */
import type Koa from 'koa';
import Router from '@koa/router';
import type { RouteDef } from './route.ts';

/** The segment a declared path starts with ("/offres/{id}" -> "offres"). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

export function segmentDispatch(
  prefix: string,
  routes: RouteDef[],
  mount: (router: Router, routes: RouteDef[]) => void,
): Koa.Middleware {
  const groups = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const segment = firstSegment(route.path);
    if (segment.startsWith('{')) throw new Error(`${route.path}: a route must start with a fixed segment`);
    groups.set(segment, [...(groups.get(segment) ?? []), route]);
  }
  const bySegment = new Map<string, Koa.Middleware>();
  for (const [segment, group] of groups) {
    const router = new Router({ prefix });
    mount(router, group);
    const routed = router.routes() as Koa.Middleware;
    const allowed = router.allowedMethods() as Koa.Middleware;
    bySegment.set(segment, (ctx, next) => allowed(ctx, () => routed(ctx, next)));
  }
  const head = `${prefix}/`.toLowerCase();
  return (ctx, next) => {
    const path = ctx.path;
    if (path.length <= head.length || path.slice(0, head.length).toLowerCase() !== head) return next();
    const end = path.indexOf('/', head.length);
    const segment = path.slice(head.length, end === -1 ? undefined : end).toLowerCase();
    const routes = bySegment.get(segment);
    return routes ? routes(ctx, next) : next();
  };
}
