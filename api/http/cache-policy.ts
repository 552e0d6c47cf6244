/**
 * Who may keep a GET answer. An answer that is the same for everyone (a route with
 * `publicCache`, or a route open to anonymous callers answered to one) is public for that many
 * seconds. An answer to a signed-in caller of a route that is not public is private: only the
 * caller's own client may keep it, and must revalidate it (ETag) before each use. Routes whose
 * answer depends on a token (`optional` access) say `Vary: Authorization`, so a shared cache never
 * hands one caller's answer to another.
 */
import type Koa from 'koa';
import type { Actor } from '../../domain/context.ts';
import type { RouteDef } from './route.ts';

export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/**
 * A file download's Cache-Control. Files that are always public (logos, covers) may sit in shared
 * caches for an hour. A file that is public only until its owner says otherwise (a profile photo)
 * is kept by the reader's browser alone and revalidated each time (ETag, 304), so it stops being
 * served the moment the profile goes private. Other files are never stored.
 */
export function fileCacheControl(file: { isPublic: boolean; mayTurnPrivate: boolean }): string {
  if (!file.isPublic) return 'private, no-store';
  return file.mayTurnPrivate ? PRIVATE_CACHE_CONTROL : 'public, max-age=3600';
}

/**
 * Whether the route's answer to this caller is the one everyone gets: any answer of a public route,
 * an anonymous caller's answer of a route that signed-in callers use too.
 */
export function isSharedAnswer(route: RouteDef, actor: Actor): boolean {
  return route.access === 'public' || actor.type !== 'account';
}

/** The Cache-Control of the answer, or null when this route's answers carry no caching headers. */
export function cacheControlOf(route: RouteDef, actor: Actor): string | null {
  if (route.method !== 'get') return null;
  if (!isSharedAnswer(route, actor)) return PRIVATE_CACHE_CONTROL;
  if (route.publicCache) return `public, max-age=${route.publicCache.maxAge}`;
  return null;
}

/** Whether the route's JSON answers are conditional (an ETag, 304 on If-None-Match): for OpenAPI. */
export function isConditional(route: RouteDef): boolean {
  const binary = (route.response as { format?: string } | undefined)?.format === 'binary';
  return (
    route.method === 'get' &&
    route.produces === undefined &&
    !binary &&
    (route.publicCache !== undefined || Array.isArray(route.access))
  );
}

/** Sets Vary: Authorization on answers that differ with the caller's token. */
export function varyOnCaller(koa: Koa.Context, route: RouteDef): void {
  if (route.access !== 'public') koa.vary('Authorization');
}
