import { expect } from 'chai';
import Koa from 'koa';
import request from 'supertest';
import type { RouteDef } from '../../api/http/route.ts';
import { koaPath } from '../../api/http/mount-routes.ts';
import { segmentDispatch } from '../../api/http/segment-dispatch.ts';

/** Just what the dispatch reads of a route; each answers its own declared path. */
const declared = (method: RouteDef['method'], path: string) => ({ method, path }) as RouteDef;

function app(routes: RouteDef[]) {
  const koa = new Koa();
  koa.use(
    segmentDispatch('/v1/api', routes, (router, group) => {
      for (const r of group)
        router[r.method](koaPath(r.path), (ctx) => {
          ctx.body = { route: `${r.method} ${r.path}`, params: ctx.params };
        });
    }),
  );
  koa.use((ctx) => {
    ctx.status = 404;
    ctx.body = { route: 'fallthrough' };
  });
  return koa.callback();
}

describe('segmentDispatch: the API routes, one router per first segment', () => {
  const routes = [
    declared('get', '/offres/search'),
    declared('get', '/offres/{offreId}'),
    declared('post', '/offres'),
    declared('get', '/regions'),
    declared('get', '/regions/{regionId}/villes'),
  ];

  it('matches in declared order within a segment, with params', async () => {
    const search = await request(app(routes)).get('/v1/api/offres/search').expect(200);
    expect(search.body.route).to.equal('get /offres/search');
    const one = await request(app(routes)).get('/v1/api/offres/42').expect(200);
    expect(one.body).to.deep.equal({ route: 'get /offres/{offreId}', params: { offreId: '42' } });
    expect((await request(app(routes)).post('/v1/api/offres').expect(200)).body.route).to.equal(
      'post /offres',
    );
    const villes = await request(app(routes)).get('/v1/api/regions/3/villes').expect(200);
    expect(villes.body.route).to.equal('get /regions/{regionId}/villes');
  });

  it("keeps koa-router's defaults: case-insensitive, a trailing slash allowed", async () => {
    expect((await request(app(routes)).get('/V1/API/Regions').expect(200)).body.route).to.equal(
      'get /regions',
    );
    expect((await request(app(routes)).get('/v1/api/regions/').expect(200)).body.route).to.equal(
      'get /regions',
    );
  });

  it('passes everything else on: other prefixes, unknown segments, unknown paths', async () => {
    for (const path of [
      '/v1/api',
      '/v1/api/',
      '/v1/api/inconnu',
      '/v1/apix/regions',
      '/regions',
      '/v1/api/offres/1/2',
    ])
      expect((await request(app(routes)).get(path).expect(404)).body.route).to.equal('fallthrough');
  });

  it('passes a known path with another method on, then answers 405 with its Allow list', async () => {
    const res = await request(app(routes)).delete('/v1/api/regions').expect(405);
    expect(res.body.route).to.equal('fallthrough');
    expect(res.headers.allow).to.equal('HEAD, GET');
  });

  it('serves a fixed path by its own routes only: another method there is a 405, not the templated route', async () => {
    const withUpdate = [...routes, declared('put', '/offres/{offreId}')];
    const put = await request(app(withUpdate)).put('/v1/api/offres/search/').expect(405);
    expect(put.body.route).to.equal('fallthrough');
    expect(put.headers.allow).to.equal('HEAD, GET');
    const options = await request(app(withUpdate)).options('/v1/api/Offres/Search').expect(200);
    expect(options.headers.allow).to.equal('HEAD, GET');
    const update = await request(app(withUpdate)).put('/v1/api/offres/42').expect(200);
    expect(update.body.route).to.equal('put /offres/{offreId}');
  });

  it('refuses a route whose path starts with a parameter', () => {
    expect(() => segmentDispatch('/v1/api', [declared('get', '/{id}')], () => undefined)).to.throw(
      /fixed segment/,
    );
  });
});
