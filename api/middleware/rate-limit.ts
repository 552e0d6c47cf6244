/**
 * Rate limits per (category, client), as in api/rate-limit/policy.ts; the client is an IPv4
 * address or an IPv6 /64 (api/rate-limit/subject.ts). A call made with an integration app's OAuth
 * token (known by then: the token is read before the routes) is counted a second time, for its app,
 * with the same limits and blocks, so an app spreading its calls over many addresses is held to
 * one client's share; the headers then describe whichever counter has fewer requests left. Runs
 * before body parsing, so a refused upload is not read. Within the limit it sets X-RateLimit-Limit,
 * -Remaining and -Reset; beyond it answers a bare 429 `{timestamp, status, error, message, path}`
 * (not the envelope) and counts a strike: too many strikes block the client in that category only,
 * for an escalating time (api/rate-limit/escalation.ts). Only INTERNAL_NETWORKS are exempt: a trusted proxy that is itself
 * the client (a request from the API's own host without X-Forwarded-For) is limited like anyone, so a
 * script on the same machine cannot guess passwords unchecked. Off only when RATE_LIMIT_ENABLED is false.
 *
 * Two clocks, on purpose: the counters' windows are kept by rate-limiter-flexible with Date.now(),
 * so their headers use it too; the blocks are ours and use deps.clock, so a test can move a block's
 * end by hours. In production both are the system clock.
 */
import type Koa from 'koa';
import type { AppDeps } from '../deps.ts';
import type { RateCategory, RouteDef } from '../http/route.ts';
import { clientIpOf } from './client-ip.ts';
import { inCidrs, parseCidrs } from '../http/client-ip.ts';
import { databaseName } from '../../lib/db.ts';
import type { Logger } from '../../lib/logger.ts';
import { RATE_POLICY, rateCategoryOf, type RatePolicy } from '../rate-limit/policy.ts';
import { createRateLimitStore } from '../rate-limit/store.ts';
import { createBlockStore, type ActiveBlock, type BlockStore } from '../rate-limit/blocks.ts';
import { cacheBlocks } from '../rate-limit/block-cache.ts';
import { DEFAULT_FLUSH_MS } from '../rate-limit/batched-counters.ts';
import { appRateLimitSubject, rateLimitSubject } from '../rate-limit/subject.ts';
import type { Verdict } from '../rate-limit/verdict.ts';
import { oauthAccessOf } from './authenticate.ts';

const passThrough: Koa.Middleware = async (_ctx, next) => {
  await next();
};

function resetAt(msBeforeNext: number): string {
  return String(Math.ceil((Date.now() + Math.max(msBeforeNext, 0)) / 1000));
}

/** Why a subject is refused: until when, and whether it is a block (not just a full window). */
interface Refusal {
  msLeft: number;
  blocked: boolean;
}

/** A subject's turn: refused, or counted within its limit. */
type Counted = { refused: Refusal } | { verdict: Verdict };

function tooManyRequests(
  ctx: Koa.Context,
  deps: AppDeps,
  limit: number,
  { msLeft: msBeforeNext, blocked }: Refusal,
  who: 'address' | 'app',
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
      ? `Too many refused requests of this kind from this ${who}: blocked, retry in ${seconds} seconds`
      : `Rate limit exceeded, retry in ${seconds} seconds`,
    path: ctx.path,
  };
}

/** The block running now, if any; a failing block store must not stop the counting too. */
async function runningBlock(
  blocks: BlockStore,
  category: RateCategory,
  subject: string,
  now: Date,
  log: Logger,
): Promise<ActiveBlock | null> {
  try {
    return await blocks.blockOf(category, subject, now);
  } catch (err) {
    log.error({ err, category }, 'rate-limit block store unavailable; blocks not checked');
    return null;
  }
}

/** The block this refusal starts, if any. A failing block store must not turn the refusal into a pass. */
async function strike(
  blocks: BlockStore,
  category: RateCategory,
  subject: string,
  now: Date,
  log: Logger,
): Promise<ActiveBlock | null> {
  try {
    const block = await blocks.strike(category, subject, now);
    if (block) log.warn({ subject, category, level: block.level }, 'client blocked in a category');
    return block;
  } catch (err) {
    log.error({ err, category }, 'rate-limit block store unavailable; refusal not counted');
    return null;
  }
}

/** Rate-limit headers of a request counted without waiting; 'exempt' for a client not counted. */
export type CountedNow = { limit: number; remaining: number; reset: string } | 'exempt';

export interface RateLimit {
  (route: RouteDef): Koa.Middleware;
  /**
   * Counts a request of `ip` in `category` without waiting, when this instance can tell it is
   * allowed (a batched category, within the limit, no block running): for replayed answers. Null
   * when it cannot, having counted nothing: the request then goes through its route's limiter.
   */
  countIfAllowed(category: RateCategory, ip: string | null): CountedNow | null;
  /** Writes the batched counts made so far to the shared table (tests; shutdown). */
  flush(): Promise<void>;
}

/** `policy` is injectable so tests can use other windows; the API always runs with the published ones. */
export function createRateLimit(deps: AppDeps, policy: RatePolicy = RATE_POLICY): RateLimit {
  if (!deps.config.rateLimitEnabled)
    return Object.assign(() => passThrough, {
      flush: async () => {},
      countIfAllowed: () => 'exempt' as const,
    });
  const flushMs = DEFAULT_FLUSH_MS;
  const counters = createRateLimitStore(
    deps.db,
    databaseName(deps.config.databaseUrl),
    policy.categories,
    deps.logger,
    flushMs,
  );
  const blocks = cacheBlocks(
    createBlockStore(deps.db, policy.block, deps.logger),
    counters.isBatched,
    flushMs,
    deps.logger,
  );
  const internal = parseCidrs(deps.config.internalNetworks);
  // Parsing an address for each request was a measurable share of a cached GET: what the limiter
  // needs of an address (exempt or not, and the subject it counts) is remembered for the last few
  // thousand addresses.
  const known = new Map<string, { internal: boolean; subject: string }>();
  const clientOf = (ip: string) => {
    let client = known.get(ip);
    if (client === undefined) {
      client = { internal: inCidrs(ip, internal), subject: rateLimitSubject(ip) };
      if (known.size >= 10_000) known.clear();
      known.set(ip, client);
    }
    return client;
  };

  /** One subject's turn in a category: its running block, else its count (a refusal is a strike). */
  const countOne = async (
    category: RateCategory,
    subject: string,
    now: Date,
    log: Logger,
  ): Promise<Counted> => {
    const running = await runningBlock(blocks, category, subject, now, log);
    if (running) return { refused: { msLeft: running.msLeft, blocked: true } };
    const counted = await counters.consume(category, subject);
    if (counted.allowed) return { verdict: counted };
    const block = await strike(blocks, category, subject, now, log);
    return {
      refused: { msLeft: Math.max(counted.msBeforeReset, block?.msLeft ?? 0), blocked: block !== null },
    };
  };

  const forRoute = (route: RouteDef): Koa.Middleware => {
    const category = rateCategoryOf(route);
    const { points } = policy.categories[category];
    return async (ctx, next) => {
      ctx.state.rateCategory = category;
      const ip = clientIpOf(ctx);
      const client = ip ? clientOf(ip) : null;
      if (!client || client.internal) return next();
      const log = ctx.state.log as Logger;
      const now = deps.clock.now();
      try {
        const byAddress = await countOne(category, client.subject, now, log);
        if ('refused' in byAddress) return tooManyRequests(ctx, deps, points, byAddress.refused, 'address');
        const app = oauthAccessOf(ctx);
        const byApp = app ? await countOne(category, appRateLimitSubject(app.clientId), now, log) : null;
        if (byApp && 'refused' in byApp) return tooManyRequests(ctx, deps, points, byApp.refused, 'app');
        const tighter =
          byApp && byApp.verdict.remaining < byAddress.verdict.remaining ? byApp.verdict : byAddress.verdict;
        ctx.set('X-RateLimit-Limit', String(points));
        ctx.set('X-RateLimit-Remaining', String(tighter.remaining));
        ctx.set('X-RateLimit-Reset', resetAt(tighter.msBeforeReset));
      } catch (err) {
        // The counters share the database with everything else: if it fails, the request would
        // fail too, and refusing every client for a store error would be worse than not counting.
        log.error({ err, category }, 'rate-limit store unavailable; request not counted');
      }
      await next();
    };
  };
  const countIfAllowed = (category: RateCategory, ip: string | null): CountedNow | null => {
    const client = ip ? clientOf(ip) : null;
    if (!client || client.internal) return 'exempt';
    if (!counters.isBatched(category) || !blocks.knownClear?.(category, client.subject, deps.clock.now()))
      return null;
    const verdict = counters.consumeIfAllowed(category, client.subject);
    if (!verdict) return null;
    return {
      limit: policy.categories[category].points,
      remaining: verdict.remaining,
      reset: resetAt(verdict.msBeforeReset),
    };
  };
  return Object.assign(forRoute, { flush: () => counters.flush(), countIfAllowed });
}
