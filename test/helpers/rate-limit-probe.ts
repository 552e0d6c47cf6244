/**
 * An app with routes of every rate-limit category at their real paths, handled by a stub (the rate
 * limiter runs before the handler, and not every real route of these paths exists in every
 * checkout), built like createApp (same middleware order) with the real createRateLimit; and the
 * checks of its headers and bare 429 answers. Clients are named with CF-Connecting-IP, as behind
 * Cloudflare.
 */
import { expect } from 'chai';
import Koa from 'koa';
import Router from '@koa/router';
import supertest from 'supertest';
import type { Response } from 'supertest';
import { testDb, testDeps } from './env.ts';
import type { Config } from '../../lib/config.ts';
import type { Clock } from '../../lib/clock.ts';
import { API_PREFIX } from '../../api/app.ts';
import { requestContext } from '../../api/middleware/request-context.ts';
import { errorHandler } from '../../api/middleware/error-handler.ts';
import { clientIp, clientIpResolver } from '../../api/middleware/client-ip.ts';
import { createRateLimit } from '../../api/middleware/rate-limit.ts';
import { mountRoutes } from '../../api/http/mount-routes.ts';
import type { HttpMethod, RouteDef } from '../../api/http/route.ts';
import type { RatePolicy } from '../../api/rate-limit/policy.ts';

export const limited = { rateLimitEnabled: true, cloudflare: true };

let ipCounter = 0;
/** A client address no other test uses (the counters live in the run's database). */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${100 + (ipCounter >> 8)}.${ipCounter & 255}`;
}

let prefixCounter = 0;
/** An IPv6 /64 no other test uses, as its first four groups ('2001:db8:7:1'). */
export function freshPrefix64(): string {
  prefixCounter += 1;
  return `2001:db8:7:${prefixCounter.toString(16)}`;
}

function stub(method: HttpMethod, path: string): RouteDef {
  return { method, path, tag: 'probe', summary: 'probe', access: 'public', handler: async () => ({}) };
}

const PROBES: RouteDef[] = [
  stub('post', '/auth/login'),
  stub('post', '/auth/refresh-token'),
  stub('post', '/candidates/register'),
  stub('post', '/files/upload'),
  stub('post', '/candidatures'),
  stub('get', '/offres/search'),
  stub('get', '/regions'),
];

export type Api = ReturnType<typeof supertest>;

export function probeApp(config: Partial<Config> = {}, policy?: RatePolicy, clock?: Clock): Api {
  const deps = testDeps({ config: { ...limited, ...config }, clock });
  const app = new Koa({ proxy: false });
  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(clientIp(clientIpResolver(deps.config)));
  const router = new Router({ prefix: API_PREFIX });
  mountRoutes(router, PROBES, deps, createRateLimit(deps, policy));
  app.use(router.routes());
  return supertest(app.callback());
}

export function nowSec(): number {
  return Math.floor(Date.now() / 1000);
}

export function expectHeadersWithin(
  res: Response,
  limit: number,
  remaining: number,
  windowSec: number,
): void {
  expect(res.headers['x-ratelimit-limit']).to.equal(String(limit));
  expect(res.headers['x-ratelimit-remaining']).to.equal(String(remaining));
  expect(Number(res.headers['x-ratelimit-reset'])).to.be.within(nowSec(), nowSec() + windowSec + 1);
  expect(res.headers['retry-after']).to.equal(undefined);
}

/** Checks the bare 429 and returns its Retry-After (seconds). */
export function expect429(
  res: Response,
  limit: number,
  path: string,
  maxWaitSec: number,
  minWaitSec = 1,
): number {
  expect(res.status).to.equal(429);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  expect(res.headers['x-ratelimit-limit']).to.equal(String(limit));
  expect(res.headers['x-ratelimit-remaining']).to.equal('0');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).to.be.within(minWaitSec, maxWaitSec);
  expect(Number(res.headers['x-ratelimit-reset'])).to.be.within(
    nowSec() + retryAfter - 2,
    nowSec() + retryAfter + 1,
  );
  expect(res.body).to.have.all.keys('timestamp', 'status', 'error', 'message', 'path');
  expect(res.body).to.include({ status: 429, error: 'Too Many Requests', path });
  expect(new Date(res.body.timestamp).toISOString()).to.equal(res.body.timestamp);
  expect(res.body.message).to.contain(`${retryAfter} seconds`);
  return retryAfter;
}

export function send(api: Api, method: HttpMethod, path: string, ip: string) {
  return api[method](`${API_PREFIX}${path}`).set('CF-Connecting-IP', ip);
}

export async function storedKeys(
  pattern: string,
): Promise<{ key: string; points: number; expire: number }[]> {
  return testDb()('rateLimits').where('key', 'like', pattern).select('key', 'points', 'expire');
}

/** Waits (up to 5 s) until the shared counter `key` holds `points`: batched counters are written every flush. */
export async function storedPointsReach(key: string, points: number): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [row] = await storedKeys(key);
    if (row?.points === points) return;
    if (Date.now() > deadline) expect(row?.points, `stored points of ${key}`).to.equal(points);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
