/**
 * The rate limit of each category (requests per window and client: an IPv4 address or an IPv6
 * /64, see api/rate-limit/subject.ts), the blocks, and which category a route belongs to. The
 * category is the route's `rateCategory` when declared, else its method and path from the table
 * below (one place, so routes written anywhere get their category without having to say so), else
 * `upload` for any multipart upload route, else `standard`.
 */
import type { RateCategory, RouteDef } from '../http/route.ts';

export interface CategoryRule {
  /** Requests allowed per window and per client. */
  points: number;
  windowSec: number;
  /**
   * Counted in process and shared in batches (api/rate-limit/batched-counters.ts) rather than one
   * database write per request: for the high-volume categories, where a request must stay cheap.
   * The others (logins, registrations, uploads, applications) stay exact across instances.
   */
  batched?: boolean;
}

/**
 * Blocks are per category, never per address alone: most mobile users in Cameroon share a
 * carrier-grade NAT address, and one of them hammering the login must not lock the others out of
 * reading offers.
 */
export interface BlockRule {
  /** More than `max429` answers 429 in one category within `windowSec` block the client in that category. */
  max429: number;
  windowSec: number;
  /** Length of the 1st, 2nd, ... block of a client in a category; the last one repeats. */
  stepsSec: number[];
  /** A block that starts this long after the previous one ended is a first block again. */
  quietSec: number;
}

export interface RatePolicy {
  categories: Record<RateCategory, CategoryRule>;
  block: BlockRule;
}

export const RATE_POLICY: RatePolicy = {
  categories: {
    criticalAuth: { points: 5, windowSec: 60 },
    standardAuth: { points: 10, windowSec: 60 },
    registration: { points: 3, windowSec: 3600 },
    upload: { points: 20, windowSec: 600 },
    application: { points: 30, windowSec: 3600 },
    search: { points: 60, windowSec: 60, batched: true },
    standard: { points: 120, windowSec: 60, batched: true },
  },
  block: { max429: 50, windowSec: 3600, stepsSec: [60, 300, 900, 3600], quietSec: 86400 },
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
