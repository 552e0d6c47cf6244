import { expect } from 'chai';
import Koa from 'koa';
import Router from '@koa/router';
import supertest from 'supertest';
import type { Response } from 'supertest';
import { agent, buildApp } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import type { Config } from '../../lib/config.ts';
import { API_PREFIX } from '../../api/app.ts';
import { requestContext } from '../../api/middleware/request-context.ts';
import { errorHandler } from '../../api/middleware/error-handler.ts';
import { clientIp } from '../../api/middleware/client-ip.ts';
import { createRateLimit } from '../../api/middleware/rate-limit.ts';
import { mountRoutes } from '../../api/http/mount-routes.ts';
import type { HttpMethod, RateCategory, RouteDef } from '../../api/http/route.ts';
import { parseCidrs, resolveClientIp } from '../../api/http/client-ip.ts';
import { RATE_POLICY, rateCategoryOf, type RatePolicy } from '../../api/rate-limit/policy.ts';

const HOUR = 3600;
const DAY = 86400;
// These tests name their client with CF-Connecting-IP, as a deployment behind Cloudflare does.
const limited = { rateLimitEnabled: true, cloudflare: true };

let ipCounter = 0;
/** A client address no other test uses (the counters live in the run's database). */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.${100 + (ipCounter >> 8)}.${ipCounter & 255}`;
}

function stub(method: HttpMethod, path: string): RouteDef {
  return { method, path, tag: 'probe', summary: 'probe', access: 'public', handler: async () => ({}) };
}

/**
 * Routes of every category at their real paths, handled by a stub: the rate limiter runs before
 * the handler, and not every real route of these paths exists in every checkout. The app is built
 * like createApp (same middleware order) with the real createRateLimit.
 */
const PROBES: RouteDef[] = [
  stub('post', '/auth/login'),
  stub('post', '/auth/refresh-token'),
  stub('post', '/candidates/register'),
  stub('post', '/files/upload'),
  stub('post', '/candidatures'),
  stub('get', '/offres/search'),
  stub('get', '/regions'),
];

function probeApp(config: Partial<Config> = {}, policy?: RatePolicy) {
  const deps = testDeps({ config: { ...limited, ...config } });
  const app = new Koa({ proxy: false });
  app.use(requestContext(deps.logger));
  app.use(errorHandler());
  app.use(clientIp(deps.config));
  const router = new Router({ prefix: API_PREFIX });
  mountRoutes(router, PROBES, deps, createRateLimit(deps, policy));
  app.use(router.routes());
  return supertest(app.callback());
}

function nowSec(): number {
  return Math.floor(Date.now() / 1000);
}

function expectHeadersWithin(res: Response, limit: number, remaining: number, windowSec: number): void {
  expect(res.headers['x-ratelimit-limit']).to.equal(String(limit));
  expect(res.headers['x-ratelimit-remaining']).to.equal(String(remaining));
  expect(Number(res.headers['x-ratelimit-reset'])).to.be.within(nowSec(), nowSec() + windowSec + 1);
  expect(res.headers['retry-after']).to.equal(undefined);
}

function expect429(res: Response, limit: number, path: string, maxWaitSec: number, minWaitSec = 1): number {
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

function send(api: ReturnType<typeof supertest>, method: HttpMethod, path: string, ip: string) {
  return api[method](`${API_PREFIX}${path}`).set('CF-Connecting-IP', ip);
}

async function storedKeys(pattern: string): Promise<{ key: string; points: number; expire: number }[]> {
  return testDb()('rateLimits').where('key', 'like', pattern).select('key', 'points', 'expire');
}

describe('Rate limits per category and client IP', function () {
  this.timeout(20000);

  describe('category of a route', () => {
    const cases: [HttpMethod, string, RateCategory][] = [
      ['post', '/auth/login', 'criticalAuth'],
      ['post', '/auth/forgot-password', 'criticalAuth'],
      ['post', '/auth/reset-password', 'criticalAuth'],
      ['post', '/auth/refresh-token', 'standardAuth'],
      ['post', '/auth/refresh', 'standardAuth'],
      ['post', '/auth/logout', 'standardAuth'],
      ['get', '/auth/validate-email', 'standardAuth'],
      ['post', '/candidates/register', 'registration'],
      ['post', '/recruiters/register', 'registration'],
      ['post', '/files/upload', 'upload'],
      ['post', '/candidats/me/cv', 'upload'],
      ['post', '/candidats/me/photo', 'upload'],
      ['post', '/candidatures', 'application'],
      ['get', '/offres/search', 'search'],
      ['get', '/offres/autocomplete', 'search'],
      ['get', '/regions', 'standard'],
      ['get', '/villes/search', 'standard'],
      ['get', '/files/{id}', 'standard'],
      ['get', '/candidatures', 'standard'],
      ['get', '/candidats/me/cv', 'standard'],
      ['post', '/auth/validate-email', 'standard'],
    ];
    for (const [method, path, category] of cases) {
      it(`${method.toUpperCase()} ${path} is ${category}`, () => {
        expect(rateCategoryOf({ method, path })).to.equal(category);
      });
    }

    it('any other upload route is upload; a declared rateCategory wins', () => {
      expect(
        rateCategoryOf({ method: 'post', path: '/recruiters/company/logo', upload: { maxBytes: 1 } }),
      ).to.equal('upload');
      expect(rateCategoryOf({ method: 'post', path: '/auth/login', rateCategory: 'standard' })).to.equal(
        'standard',
      );
    });

    it('the real routes get the category of the table', () => {
      for (const route of buildApp().routes) {
        const listed = cases.find(([m, p]) => m === route.method && p === route.path);
        if (listed) expect(rateCategoryOf(route), `${route.method} ${route.path}`).to.equal(listed[2]);
      }
    });
  });

  describe('each category at its exact limit', () => {
    const table: [string, HttpMethod, string, RateCategory][] = [
      ['critical auth 5/min', 'post', '/auth/login', 'criticalAuth'],
      ['standard auth 10/min', 'post', '/auth/refresh-token', 'standardAuth'],
      ['registration 3/h', 'post', '/candidates/register', 'registration'],
      ['upload 20/10 min', 'post', '/files/upload', 'upload'],
      ['application 30/h', 'post', '/candidatures', 'application'],
      ['search 60/min', 'get', '/offres/search', 'search'],
    ];
    for (const [name, method, path, category] of table) {
      it(`${name}: N allowed with headers, N+1 refused with the bare 429`, async () => {
        const { points, windowSec } = RATE_POLICY.categories[category];
        const api = probeApp();
        const ip = freshIp();
        for (let i = 1; i <= points; i++) {
          const res = await send(api, method, path, ip).expect(200);
          expectHeadersWithin(res, points, points - i, windowSec);
        }
        const refused = await send(api, method, path, ip);
        expect429(refused, points, `${API_PREFIX}${path}`, windowSec);
        // Another address is counted apart.
        await send(api, method, path, freshIp()).expect(200);
      });
    }

    it('standard 120/min on a real route, counters shared by two API instances', async () => {
      const first = agent({ config: limited });
      const second = agent({ config: limited });
      const ip = freshIp();
      for (let i = 1; i <= 120; i++) {
        const res = await send(i % 2 ? first : second, 'get', '/regions', ip).expect(200);
        expectHeadersWithin(res, 120, 120 - i, 60);
        expect(res.body).to.have.length(10);
      }
      expect429(await send(first, 'get', '/regions', ip), 120, `${API_PREFIX}/regions`, 60);
      expect429(
        await send(second, 'post', '/geo/reverse', ip).send({ lat: 4.05, lng: 9.7 }),
        120,
        `${API_PREFIX}/geo/reverse`,
        60,
      );
      const rows = await storedKeys(`standard:${ip}`);
      expect(rows).to.have.length(1);
      expect(rows[0].points).to.equal(122);
    });

    it('the real POST /auth/login: 5 attempts answered by the handler, the 6th refused', async () => {
      const api = agent({ config: limited });
      const ip = freshIp();
      const body = { email: 'nobody@example.com', password: 'wrong-password' };
      for (let i = 1; i <= 5; i++) {
        const res = await send(api, 'post', '/auth/login', ip).send(body);
        expect(res.status).to.be.oneOf([400, 401, 403]);
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(5 - i));
      }
      expect429(await send(api, 'post', '/auth/login', ip).send(body), 5, `${API_PREFIX}/auth/login`, 60);
    });

    it('a refused request never reaches the handler: validation errors are counted, but 429 comes first', async () => {
      const api = agent({ config: limited });
      const ip = freshIp();
      for (let i = 0; i < 120; i++)
        await send(api, 'post', '/geo/reverse', ip).send({ lat: 'x' }).expect(400);
      expect429(
        await send(api, 'post', '/geo/reverse', ip).send({ lat: 'x' }),
        120,
        `${API_PREFIX}/geo/reverse`,
        60,
      );
    });

    it('a failing counter store does not refuse the request (logged, not counted)', async () => {
      const api = probeApp({ databaseUrl: 'mysql://root@127.0.0.1:3306/no_such_rate_limit_db' });
      const res = await send(api, 'post', '/auth/login', freshIp()).expect(200);
      expect(res.headers['x-ratelimit-limit']).to.equal(undefined);
    });

    it('is off when RATE_LIMIT_ENABLED is false', async () => {
      const res = await send(agent(), 'get', '/regions', freshIp()).expect(200);
      expect(res.headers['x-ratelimit-limit']).to.equal(undefined);
    });
  });

  describe('24-hour block after more than 50 answers 429 in an hour', () => {
    async function strikes(api: ReturnType<typeof supertest>, ip: string, count: number): Promise<void> {
      for (let i = 0; i < count; i++) await send(api, 'post', '/auth/login', ip).expect(429);
    }

    it('50 answers 429 do not block; the 51st blocks the IP on every route of every instance for 24 hours', async () => {
      const probe = probeApp();
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await send(probe, 'post', '/auth/login', ip).expect(200);
      await strikes(probe, ip, 50);
      await send(agent({ config: limited }), 'get', '/regions', ip).expect(200);

      const last = await send(probe, 'post', '/auth/login', ip);
      expect429(last, 5, `${API_PREFIX}/auth/login`, DAY, DAY - 5);
      expect(last.body.message).to.match(/blocked/);

      const elsewhere = await send(agent({ config: limited }), 'get', '/regions', ip);
      expect429(elsewhere, 120, `${API_PREFIX}/regions`, DAY, DAY - 5);
      expect429(
        await send(probe, 'get', '/offres/search', ip),
        60,
        `${API_PREFIX}/offres/search`,
        DAY,
        DAY - 5,
      );
      // Someone else is not affected.
      await send(probe, 'get', '/offres/search', freshIp()).expect(200);
    });

    it('the block ends when its 24 hours are over (stored expiry moved, not slept)', async () => {
      const probe = probeApp();
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await send(probe, 'post', '/auth/login', ip).expect(200);
      await strikes(probe, ip, 51);
      const [block] = await storedKeys(`abuse:${ip}`);
      expect(block.points).to.equal(51);
      expect(block.expire - Date.now()).to.be.within((DAY - 5) * 1000, DAY * 1000);

      // 23 h 59 min 30 s later: still blocked, for the 30 seconds left.
      await testDb()('rateLimits')
        .where({ key: `abuse:${ip}` })
        .update({ expire: Date.now() + 30_000 });
      expect429(await send(probe, 'get', '/regions', ip), 120, `${API_PREFIX}/regions`, 30, 29);
      // 24 hours later: free again, and the strike count starts over.
      await testDb()('rateLimits')
        .where({ key: `abuse:${ip}` })
        .update({ expire: Date.now() - 1 });
      await send(probe, 'get', '/regions', ip).expect(200);
      const retry = await send(probe, 'post', '/auth/login', ip);
      expect429(retry, 5, `${API_PREFIX}/auth/login`, 60);
      expect(retry.body.message).not.to.match(/blocked/);
      expect((await storedKeys(`abuse:${ip}`))[0].points).to.equal(1);
    });

    it('answers 429 older than one hour no longer count', async () => {
      const probe = probeApp();
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await send(probe, 'post', '/auth/login', ip).expect(200);
      await strikes(probe, ip, 50);
      // The hour of these 50 strikes is over.
      await testDb()('rateLimits')
        .where({ key: `abuse:${ip}` })
        .update({ expire: Date.now() - 1 });
      await strikes(probe, ip, 1);
      await send(probe, 'get', '/regions', ip).expect(200);
    });

    it('thresholds and durations come from the policy, which is injectable', async () => {
      const policy: RatePolicy = {
        categories: { ...RATE_POLICY.categories, standard: { points: 1, windowSec: 60 } },
        abuse: { max429: 2, windowSec: HOUR, blockSec: 2 * HOUR },
      };
      const probe = probeApp({}, policy);
      const ip = freshIp();
      await send(probe, 'get', '/regions', ip).expect(200);
      expect429(await send(probe, 'get', '/regions', ip), 1, `${API_PREFIX}/regions`, 60);
      expect429(await send(probe, 'get', '/regions', ip), 1, `${API_PREFIX}/regions`, 60);
      const blocked = await send(probe, 'get', '/regions', ip);
      expect429(blocked, 1, `${API_PREFIX}/regions`, 2 * HOUR, 2 * HOUR - 5);
      expect429(
        await send(probe, 'post', '/auth/login', ip),
        5,
        `${API_PREFIX}/auth/login`,
        2 * HOUR,
        2 * HOUR - 5,
      );
    });
  });

  describe('who is limited', () => {
    it('internal networks are exempt: never counted, never blocked', async () => {
      const probe = probeApp({ internalNetworks: ['10.20.0.0/16', 'fd00::/8'] });
      for (const ip of ['10.20.3.4', 'fd00::7']) {
        for (let i = 0; i < 60; i++) {
          const res = await send(probe, 'post', '/auth/login', ip).expect(200);
          expect(res.headers['x-ratelimit-limit']).to.equal(undefined);
        }
      }
      expect(await storedKeys('%:10.20.3.4')).to.deep.equal([]);
      // An address outside the internal ranges is limited as usual.
      const outside = freshIp();
      for (let i = 0; i < 5; i++) await send(probe, 'post', '/auth/login', outside).expect(200);
      await send(probe, 'post', '/auth/login', outside).expect(429);
    });

    it('a trusted proxy that is itself the client is never limited', async () => {
      const api = probeApp();
      for (let i = 0; i < 8; i++) {
        const res = await api.post(`${API_PREFIX}/auth/login`).expect(200);
        expect(res.headers['x-ratelimit-limit']).to.equal(undefined);
      }
    });

    it('CF-Connecting-IP: 127.0.0.1 from a trusted proxy does not make a client exempt: it is counted and blocked', async () => {
      const api = probeApp();
      const client = freshIp();
      for (let i = 0; i < 5; i++)
        await api
          .post(`${API_PREFIX}/auth/login`)
          .set('CF-Connecting-IP', '127.0.0.1')
          .set('X-Forwarded-For', client)
          .expect(200);
      await api
        .post(`${API_PREFIX}/auth/login`)
        .set('CF-Connecting-IP', '127.0.0.1')
        .set('X-Forwarded-For', client)
        .expect(429);
      expect((await storedKeys(`criticalAuth:${client}`))[0].points).to.equal(6);
    });

    it('with CLOUDFLARE unset, CF-Connecting-IP is ignored and X-Forwarded-For names the client', async () => {
      const api = probeApp({ cloudflare: false });
      const claimed = freshIp();
      const client = freshIp();
      await api
        .post(`${API_PREFIX}/auth/login`)
        .set('CF-Connecting-IP', claimed)
        .set('X-Forwarded-For', client)
        .expect(200);
      expect(await storedKeys(`%:${claimed}`)).to.deep.equal([]);
      expect(await storedKeys(`%:${client}`)).to.have.length(1);
    });

    it('CF-Connecting-IP takes precedence over X-Forwarded-For', async () => {
      const api = probeApp();
      const cf = freshIp();
      const forwarded = freshIp();
      for (let i = 0; i < 5; i++) {
        await api
          .post(`${API_PREFIX}/auth/login`)
          .set('CF-Connecting-IP', cf)
          .set('X-Forwarded-For', freshIp())
          .expect(200);
      }
      await api
        .post(`${API_PREFIX}/auth/login`)
        .set('CF-Connecting-IP', cf)
        .set('X-Forwarded-For', forwarded)
        .expect(429);
      expect(await storedKeys(`%:${forwarded}`)).to.deep.equal([]);
      const res = await api.post(`${API_PREFIX}/auth/login`).set('X-Forwarded-For', forwarded).expect(200);
      expect(res.headers['x-ratelimit-remaining']).to.equal('4');
    });

    it('X-Forwarded-For: the right-most untrusted address counts, a forged left-most entry is ignored', async () => {
      const api = probeApp();
      const client = freshIp();
      const victim = freshIp();
      for (let i = 0; i < 5; i++) {
        await api
          .post(`${API_PREFIX}/auth/login`)
          .set('X-Forwarded-For', `${victim}, ${client}, 127.0.0.1`)
          .expect(200);
      }
      await api
        .post(`${API_PREFIX}/auth/login`)
        .set('X-Forwarded-For', `${freshIp()}, ${client}`)
        .expect(429);
      expect(await storedKeys(`%:${victim}`)).to.deep.equal([]);
      await send(api, 'post', '/auth/login', victim).expect(200);
    });

    describe('forwarded headers from a peer that is not a trusted proxy', () => {
      const purge = () => testDb()('rateLimits').where('key', 'like', '%:127.0.0.1').delete();
      beforeEach(purge);
      afterEach(purge);

      it('are ignored: the socket address is the client', async () => {
        // Through supertest the peer is always 127.0.0.1: trust only another range.
        const api = probeApp({ trustedProxies: ['10.0.0.0/8'] });
        const claimed = freshIp();
        for (let i = 0; i < 5; i++) {
          await api
            .post(`${API_PREFIX}/auth/login`)
            .set('CF-Connecting-IP', claimed)
            .set('X-Forwarded-For', freshIp())
            .expect(200);
        }
        await api.post(`${API_PREFIX}/auth/login`).set('CF-Connecting-IP', freshIp()).expect(429);
        expect(await storedKeys(`%:${claimed}`)).to.deep.equal([]);
        expect((await storedKeys('criticalAuth:127.0.0.1'))[0].points).to.equal(6);
      });
    });
  });

  describe('resolveClientIp', () => {
    const trusted = parseCidrs(['127.0.0.0/8', '::1', '10.0.0.0/8']);

    it('an untrusted peer is the client whatever it sends', () => {
      expect(
        resolveClientIp('203.0.113.9', { cfConnectingIp: '1.1.1.1', forwardedFor: '2.2.2.2' }, trusted),
      ).to.equal('203.0.113.9');
      expect(resolveClientIp('::ffff:203.0.113.9', { forwardedFor: '2.2.2.2' }, trusted)).to.equal(
        '203.0.113.9',
      );
    });

    const cloudflare = { cloudflare: true };

    it('behind a trusted proxy, with CLOUDFLARE=true: CF-Connecting-IP first', () => {
      expect(
        resolveClientIp(
          '10.1.1.1',
          { cfConnectingIp: '1.1.1.1', forwardedFor: '2.2.2.2' },
          trusted,
          cloudflare,
        ),
      ).to.equal('1.1.1.1');
      expect(resolveClientIp('::1', { cfConnectingIp: '2001:db8::1' }, trusted, cloudflare)).to.equal(
        '2001:db8::1',
      );
    });

    it('without CLOUDFLARE, CF-Connecting-IP is ignored: any proxy may pass a client-sent one through', () => {
      expect(
        resolveClientIp('10.1.1.1', { cfConnectingIp: '1.1.1.1', forwardedFor: '2.2.2.2' }, trusted),
      ).to.equal('2.2.2.2');
      expect(resolveClientIp('10.1.1.1', { cfConnectingIp: '1.1.1.1' }, trusted)).to.equal('10.1.1.1');
    });

    it('a CF-Connecting-IP that is not an address is ignored', () => {
      expect(
        resolveClientIp(
          '10.1.1.1',
          { cfConnectingIp: 'nonsense', forwardedFor: '2.2.2.2' },
          trusted,
          cloudflare,
        ),
      ).to.equal('2.2.2.2');
    });

    it('a forwarded loopback or trusted-proxy address is never the client (it would be exempt)', () => {
      for (const forged of ['127.0.0.1', '::1', '10.9.9.9', '::ffff:127.0.0.1']) {
        expect(
          resolveClientIp(
            '10.1.1.1',
            { cfConnectingIp: forged, forwardedFor: `2.2.2.2, ${forged}` },
            trusted,
            cloudflare,
          ),
          forged,
        ).to.equal('2.2.2.2');
      }
    });

    it('X-Forwarded-For: the right-most address that is not a trusted proxy', () => {
      expect(resolveClientIp('10.1.1.1', { forwardedFor: '6.6.6.6, 2.2.2.2, 10.9.9.9' }, trusted)).to.equal(
        '2.2.2.2',
      );
      expect(resolveClientIp('10.1.1.1', { forwardedFor: 'garbage, 2.2.2.2' }, trusted)).to.equal('2.2.2.2');
    });

    it('a chain of trusted proxies or loopbacks only: the peer', () => {
      expect(resolveClientIp('10.1.1.1', { forwardedFor: '10.2.2.2, 10.3.3.3' }, trusted)).to.equal(
        '10.1.1.1',
      );
      expect(resolveClientIp('10.1.1.1', { forwardedFor: '127.0.0.1' }, trusted)).to.equal('10.1.1.1');
      expect(resolveClientIp('10.1.1.1', {}, trusted)).to.equal('10.1.1.1');
    });
  });
});
