/**
 * The API's routes, dispatched by the first segment of their path (`/v1/api/<segment>/...`), each
 * segment with its own koa-router. One router holding every route tests each request against
 * every route's pattern, in order (and calls its debug logger for each); a request here is tested
 * only against its segment's few routes, in their declared order. Matching keeps koa-router's
 * defaults: case-insensitive, a trailing slash allowed. A path that exists under other methods is
 * answered 405 with an `Allow` header (and OPTIONS with its `Allow` list), by koa-router's
 * allowedMethods; the error middleware words the 405.
 *
 * A fixed path is served by its own routes only, as OpenAPI matches paths: `/offres/search` is not
 * also `/offres/{offreId}`, so `PUT /offres/search` is a 405 allowing HEAD and GET, not an update
 * of the offer "search" refused for its id (koa-router alone tries every pattern that fits).
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
    const fixed = fixedPathMethods(prefix, group);
    bySegment.set(segment, (ctx, next) => {
      const allow = fixed.get(withoutTrailingSlash(ctx.path.toLowerCase()));
      if (allow && !allow.includes(ctx.method) && ROUTED_METHODS.has(ctx.method))
        return next().then(() => {
          if (ctx.status === 404) refuseMethod(ctx, allow);
        });
      return allowed(ctx, () => routed(ctx, next));
    });
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

/** Methods some route serves (and OPTIONS): any other stays koa-router's 501. */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const withoutTrailingSlash = (path: string) =>
  path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;

/**
 * The methods of each fixed path (no `{param}`) that a templated path of the same segment also
 * fits, as koa-router lists them (`HEAD` before `GET`). Other fixed paths need nothing: the router
 * answers them exactly.
 */
function fixedPathMethods(prefix: string, routes: RouteDef[]): Map<string, string[]> {
  const templated = routes
    .filter((r) => r.path.includes('{'))
    .map((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`, 'i'));
  const fixed = new Map<string, string[]>();
  for (const route of routes) {
    if (route.path.includes('{') || !templated.some((t) => t.test(route.path))) continue;
    const key = `${prefix}${route.path}`.toLowerCase();
    const methods = fixed.get(key) ?? [];
    if (route.method === 'get') methods.push('HEAD');
    methods.push(route.method.toUpperCase());
    fixed.set(key, methods);
  }
  return fixed;
}

/**
 * Another method on a fixed path that nothing after the API's routes served: OPTIONS lists the
 * path's methods, anything else is a 405 (worded by the error middleware), as allowedMethods does.
 */
function refuseMethod(ctx: Koa.Context, allow: string[]): void {
  ctx.set('Allow', allow.join(', '));
  if (ctx.method === 'OPTIONS') {
    ctx.status = 200;
    ctx.body = '';
    return;
  }
  ctx.status = 405;
}
