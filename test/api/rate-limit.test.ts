import { expect } from 'chai';
import { agent, buildApp } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { API_PREFIX } from '../../api/app.ts';
import type { HttpMethod, RateCategory } from '../../api/http/route.ts';
import { parseCidrs, resolveClientIp } from '../../api/http/client-ip.ts';
import { RATE_POLICY, rateCategoryOf } from '../../api/rate-limit/policy.ts';
import { DEFAULT_FLUSH_MS } from '../../api/rate-limit/batched-counters.ts';
import {
  expect429,
  expectHeadersWithin,
  freshIp,
  freshPrefix64,
  limited,
  probeApp,
  send,
  storedKeys,
  storedPointsReach,
} from '../helpers/rate-limit-probe.ts';

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

    it('standard 120/min on a real route, shared by two API instances within the flush interval', async () => {
      const first = agent({ config: limited });
      const second = agent({ config: limited });
      const ip = freshIp();
      for (let i = 1; i <= 100; i++) {
        const res = await send(first, 'get', '/regions', ip).expect(200);
        expectHeadersWithin(res, 120, 120 - i, 60);
        expect(res.body).to.have.length(10);
      }
      // The first instance writes its counts in batches; the second starts reading the shared row
      // at the client's first request there (without holding that request), then continues the count.
      await storedPointsReach(`standard:${ip}`, 100);
      const arrival = await send(second, 'get', '/regions', ip).expect(200);
      expect(Number(arrival.headers['x-ratelimit-remaining'])).to.be.within(19, 119);
      await new Promise((resolve) => setTimeout(resolve, 2 * DEFAULT_FLUSH_MS + 20));
      for (let i = 102; i <= 120; i++)
        expectHeadersWithin(await send(second, 'get', '/regions', ip).expect(200), 120, 120 - i, 60);
      expect429(
        await send(second, 'post', '/geo/reverse', ip).send({ lat: 4.05, lng: 9.7 }),
        120,
        `${API_PREFIX}/geo/reverse`,
        60,
      );
      // Back on the first instance after two flush intervals: its request starts a read of what the
      // second counted, and from then on it refuses.
      await storedPointsReach(`standard:${ip}`, 121);
      await new Promise((resolve) => setTimeout(resolve, 2 * DEFAULT_FLUSH_MS + 20));
      await send(first, 'get', '/regions', ip);
      await storedPointsReach(`standard:${ip}`, 122);
      // The flush that wrote 122 reads the shared total back in a second round trip: the bound
      // allows one flush interval and one round trip (README), which a loaded machine may use.
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_FLUSH_MS + 50));
      expect429(await send(first, 'get', '/regions', ip), 120, `${API_PREFIX}/regions`, 60);
      await storedPointsReach(`standard:${ip}`, 123);
      expect(await storedKeys(`standard:${ip}`)).to.have.length(1);
    });

    it('batched categories write their counters in batches, not once per request', async () => {
      const api = agent({ config: limited });
      const ip = freshIp();
      const writes: string[] = [];
      const db = testDb();
      const count = (q: { sql: string }) => {
        if (/^insert into `rate_limits`/i.test(q.sql)) writes.push(q.sql);
      };
      // Every app of a test run shares the run's pool: its query events show the app's writes.
      db.on('query', count);
      try {
        for (let i = 0; i < 60; i++) await send(api, 'get', '/regions', ip).expect(200);
        await storedPointsReach(`standard:${ip}`, 60);
      } finally {
        db.off('query', count);
      }
      expect(writes.length).to.be.below(30);
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

    it('a trusted proxy that is itself the client (no X-Forwarded-For) is limited like any client', async () => {
      const api = probeApp();
      // Other tests of the file may have spent some of the loopback's points: within 6 tries it is refused.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await api.post(`${API_PREFIX}/auth/login`);
        statuses.push(res.status);
        if (res.status === 200) expect(res.headers['x-ratelimit-limit']).to.equal('5');
      }
      expect(statuses.at(-1)).to.equal(429);
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

    it('an IPv6 client is its /64: addresses rotating within it share one counter, the next /64 is apart', async () => {
      const api = probeApp({ cloudflare: false });
      const net = freshPrefix64();
      const within = [
        `${net}::1`,
        `${net}:0:0:0:2`,
        `${net}:abcd:ef01:2345:6789`,
        `${net}:ffff:ffff:ffff:ffff`,
      ];
      for (const [i, ip] of [...within, `${net}::9`].entries()) {
        const res = await api.post(`${API_PREFIX}/auth/login`).set('X-Forwarded-For', ip).expect(200);
        expect(res.headers['x-ratelimit-remaining']).to.equal(String(4 - i));
      }
      expect429(
        await api.post(`${API_PREFIX}/auth/login`).set('X-Forwarded-For', `[${net}::7]`),
        5,
        `${API_PREFIX}/auth/login`,
        60,
      );
      expect((await storedKeys(`criticalAuth:${net}::/64`))[0].points).to.equal(6);
      await api.post(`${API_PREFIX}/auth/login`).set('X-Forwarded-For', `${freshPrefix64()}::1`).expect(200);
    });

    it('an IPv4-mapped IPv6 address counts as the IPv4 address it carries', async () => {
      const api = probeApp({ cloudflare: false });
      const ip = freshIp();
      for (const from of [`::ffff:${ip}`, ip, `::ffff:${ip}`, ip, `::ffff:${ip}`]) {
        await api.post(`${API_PREFIX}/auth/login`).set('X-Forwarded-For', from).expect(200);
      }
      await api.post(`${API_PREFIX}/auth/login`).set('X-Forwarded-For', ip).expect(429);
      expect((await storedKeys(`criticalAuth:${ip}`))[0].points).to.equal(6);
      expect(await storedKeys(`%ffff%${ip}%`)).to.deep.equal([]);
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
