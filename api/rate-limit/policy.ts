/**
 * The rate limit of each category (requests per window and client IP) and which category a route
 * belongs to. The category is the route's `rateCategory` when declared, else its method and path
 * from the table below (one place, so routes written anywhere get their category without having to
 * say so), else `upload` for any multipart upload route, else `standard`.
 */
import type { RateCategory, RouteDef } from '../http/route.ts';

export interface CategoryRule {
  /** Requests allowed per window and per client IP. */
  points: number;
  windowSec: number;
}

export interface RatePolicy {
  categories: Record<RateCategory, CategoryRule>;
  /** More than `max429` answers 429 within `windowSec` blocks the IP on every route for `blockSec`. */
  abuse: { max429: number; windowSec: number; blockSec: number };
}

export const RATE_POLICY: RatePolicy = {
  categories: {
    criticalAuth: { points: 5, windowSec: 60 },
    standardAuth: { points: 10, windowSec: 60 },
    registration: { points: 3, windowSec: 3600 },
    upload: { points: 20, windowSec: 600 },
    application: { points: 30, windowSec: 3600 },
    search: { points: 60, windowSec: 60 },
    standard: { points: 120, windowSec: 60 },
  },
  abuse: { max429: 50, windowSec: 3600, blockSec: 86400 },
};

/** 'METHOD /path' as RouteDefs spell the path (OpenAPI style, without /v1/api). */
const BY_ROUTE: Readonly<Record<string, RateCategory>> = {
  'POST /auth/login': 'criticalAuth',
  'POST /auth/forgot-password': 'criticalAuth',
  'POST /auth/reset-password': 'criticalAuth',
  'POST /auth/refresh-token': 'standardAuth',
  // The deprecated alias of refresh-token counts like it.
  'POST /auth/refresh': 'standardAuth',
  'POST /auth/logout': 'standardAuth',
  'GET /auth/validate-email': 'standardAuth',
  'POST /candidates/register': 'registration',
  'POST /recruiters/register': 'registration',
  'POST /candidats/me/cv': 'upload',
  'POST /candidats/me/photo': 'upload',
  'POST /candidatures': 'application',
  'GET /offres/search': 'search',
  'GET /offres/autocomplete': 'search',
};

export function rateCategoryOf(
  route: Pick<RouteDef, 'method' | 'path' | 'rateCategory' | 'upload'>,
): RateCategory {
  if (route.rateCategory) return route.rateCategory;
  const listed = BY_ROUTE[`${route.method.toUpperCase()} ${route.path}`];
  if (listed) return listed;
  // "POST /files/*", and every other multipart upload (logos, covers, documents, CSV).
  if (route.upload || (route.method === 'post' && route.path.startsWith('/files/'))) return 'upload';
  return 'standard';
}
