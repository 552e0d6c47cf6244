/**
 * Rate limits per (category, client IP), as in api/rate-limit/policy.ts. Runs before
 * body parsing, so a refused upload is not read. Within the limit it sets X-RateLimit-Limit,
 * -Remaining and -Reset; beyond it answers a bare 429 `{status, error, message, path}` (not the
 * envelope) and counts a strike against the IP: more than 50 strikes in an hour block the IP on
 * every route for 24 hours. Internal networks and trusted proxies are exempt. Off when
 * RATE_LIMIT_ENABLED is false.
 *
 * Times here come from Date.now(), not deps.clock: the library stores expiries with Date.now(),
 * and the headers must agree with the stored counters.
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../http/route.ts';
import { clientIpOf } from './client-ip.ts';
import { inCidrs, parseCidrs } from '../http/client-ip.ts';
import { databaseName } from '../../lib/db.ts';
import type { Logger } from '../../lib/logger.ts';
import { RATE_POLICY, rateCategoryOf, type RatePolicy } from '../rate-limit/policy.ts';
import { createRateLimitStore } from '../rate-limit/store.ts';

const passThrough: Koa.Middleware = async (_ctx, next) => {
  await next();
};

function resetAt(msBeforeNext: number): string {
  return String(Math.ceil((Date.now() + Math.max(msBeforeNext, 0)) / 1000));
}

function tooManyRequests(
  ctx: Koa.Context,
  deps: AppDeps,
  limit: number,
  msBeforeNext: number,
  blocked: boolean,
): void {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  ctx.status = 429;
  ctx.set('X-RateLimit-Limit', String(limit));
  ctx.set('X-RateLimit-Remaining', '0');
  ctx.set('X-RateLimit-Reset', resetAt(msBeforeNext));
  ctx.set('Retry-After', String(seconds));
  ctx.type = 'application/json';
  ctx.body = {
    timestamp: deps.clock.now().toISOString(),
    status: 429,
    error: 'Too Many Requests',
    message: blocked
      ? `Too many refused requests from this address: it is blocked, retry in ${seconds} seconds`
      : `Rate limit exceeded, retry in ${seconds} seconds`,
    path: ctx.path,
  };
}

/** `policy` is injectable so tests can use other windows; the API always runs with the published ones. */
export function createRateLimit(
  deps: AppDeps,
  policy: RatePolicy = RATE_POLICY,
): (route: RouteDef) => Koa.Middleware {
  if (!deps.config.rateLimitEnabled) return () => passThrough;
  const store = createRateLimitStore(deps.db, databaseName(deps.config.databaseUrl), policy);
  const internal = parseCidrs(deps.config.internalNetworks);
  const proxies = parseCidrs(deps.config.trustedProxies);

  return (route) => {
    const category = rateCategoryOf(route);
    const { points } = policy.categories[category];
    return async (ctx, next) => {
      const ip = clientIpOf(ctx);
      // A trusted proxy is the client only for its own requests (health checks...): never limited.
      if (!ip || inCidrs(ip, internal) || inCidrs(ip, proxies)) return next();
      const log = ctx.state.log as Logger;
      try {
        const block = await store.blockOf(ip);
        if (block) return tooManyRequests(ctx, deps, points, block.msBeforeNext, true);
        const counted = await store.consume(category, ip);
        if (!counted.allowed) {
          const strike = await store.strike(ip);
          if (!strike.allowed) log.warn({ ip, category }, 'client blocked for too many 429 answers');
          const wait = strike.allowed
            ? counted.res.msBeforeNext
            : Math.max(counted.res.msBeforeNext, strike.res.msBeforeNext);
          return tooManyRequests(ctx, deps, points, wait, !strike.allowed);
        }
        ctx.set('X-RateLimit-Limit', String(points));
        ctx.set('X-RateLimit-Remaining', String(counted.res.remainingPoints));
        ctx.set('X-RateLimit-Reset', resetAt(counted.res.msBeforeNext));
      } catch (err) {
        // The counters share the database with everything else: if it fails, the request would
        // fail too, and refusing every client for a store error would be worse than not counting.
        log.error({ err, category }, 'rate-limit store unavailable; request not counted');
      }
      await next();
    };
  };
}
