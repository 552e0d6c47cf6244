import { expect } from 'chai';
import Koa from 'koa';
import Router from '@koa/router';
import supertest from 'supertest';
import Type from 'typebox';
import { answerCheck, type AnswerMismatch } from '../../api/http/answer-check.ts';
import { buildOpenApi } from '../../api/openapi.ts';
import { defineRoutes } from '../../api/http/route.ts';
import { fail, ok } from '../../api/http/envelope.ts';

const Thing = Type.Object({ id: Type.Integer(), nom: Type.String() });

const routes = defineRoutes([
  {
    method: 'get',
    path: '/things/{id}',
    tag: 'Things',
    summary: 'One thing',
    access: 'public',
    params: Type.Object({ id: Type.Integer() }),
    response: Thing,
    handler: () => Promise.resolve(null),
  },
  {
    method: 'get',
    path: '/scored/{id}',
    tag: 'Things',
    summary: 'One thing with a score',
    access: 'public',
    params: Type.Object({ id: Type.Integer() }),
    response: Type.Intersect([Thing, Type.Object({ score: Type.Number() })]),
    handler: () => Promise.resolve(null),
  },
  {
    method: 'get',
    path: '/files/{id}',
    tag: 'Things',
    summary: 'A file of any type',
    access: 'public',
    params: Type.Object({ id: Type.Integer() }),
    envelope: false,
    produces: '*/*',
    handler: () => Promise.resolve(null),
  },
  {
    method: 'get',
    path: '/feed.xml',
    tag: 'Things',
    summary: 'A feed',
    access: 'public',
    produces: 'application/xml',
    handler: () => Promise.resolve(null),
  },
]);

/** A Koa app answering what each test sets, behind the answer check over the routes' OpenAPI document. */
function appAnswering(answer: (ctx: Koa.Context) => void) {
  const mismatches: AnswerMismatch[] = [];
  const app = new Koa();
  app.use(answerCheck(buildOpenApi(routes, 'http://test'), '/v1/api', (m) => mismatches.push(m)));
  const router = new Router({ prefix: '/v1/api' });
  router.get('/things/:id', (ctx) => answer(ctx));
  router.get('/feed.xml', (ctx) => answer(ctx));
  router.get('/scored/:id', (ctx) => answer(ctx));
  router.get('/files/:id', (ctx) => answer(ctx));
  app.use(router.routes());
  app.use((ctx) => {
    if (ctx.path === '/v1/api/nowhere') answer(ctx);
  });
  return { http: supertest(app.callback()), mismatches };
}

const notFound = fail({ code: 'NOT_FOUND', message: 'Not found', details: '' });

describe('Answers checked against the OpenAPI document (unit)', () => {
  it('accepts an envelope whose data matches the documented schema', async () => {
    const { http, mismatches } = appAnswering((ctx) => (ctx.body = ok({ id: 1, nom: 'Douala' })));
    await http.get('/v1/api/things/1').expect(200);
    expect(mismatches).to.deep.equal([]);
  });

  it('reports data of the wrong type with the route, the status and the path in the body', async () => {
    const { http, mismatches } = appAnswering((ctx) => (ctx.body = ok({ id: '1', nom: 'Douala' })));
    await http.get('/v1/api/things/1').expect(200);
    expect(mismatches).to.have.length(1);
    expect(mismatches[0]).to.include({ route: 'GET /v1/api/things/{id}', status: 200 });
    expect(mismatches[0].problem).to.match(/^\/data\/id must be integer/);
  });

  it('reports a property the document does not declare, also inside an intersection', async () => {
    const extra = appAnswering((ctx) => (ctx.body = ok({ id: 1, nom: 'Douala', passwordHash: 'x' })));
    await extra.http.get('/v1/api/things/1').expect(200);
    expect(extra.mismatches[0].problem).to.match(
      /^\/data must NOT have unevaluated properties \(passwordHash\)/,
    );

    const both = appAnswering((ctx) => (ctx.body = ok({ id: 1, nom: 'Douala', score: 2 })));
    await both.http.get('/v1/api/scored/1').expect(200);
    expect(both.mismatches).to.deep.equal([]);
    const more = appAnswering((ctx) => (ctx.body = ok({ id: 1, nom: 'Douala', score: 2, other: 3 })));
    await more.http.get('/v1/api/scored/1').expect(200);
    expect(more.mismatches[0].problem).to.match(/unevaluated properties \(other\)/);
  });

  it('checks what the client receives: dates as ISO strings', async () => {
    const { http, mismatches } = appAnswering((ctx) => (ctx.body = ok({ id: 1, nom: new Date(0) })));
    await http.get('/v1/api/things/1').expect(200);
    expect(mismatches).to.deep.equal([]);
  });

  it('reports a status the route does not document, and a malformed error envelope', async () => {
    const conflict = appAnswering((ctx) => {
      ctx.status = 409;
      ctx.body = fail({ code: 'CONFLICT', message: 'Conflict', details: '' });
    });
    await conflict.http.get('/v1/api/things/1').expect(409);
    expect(conflict.mismatches[0].problem).to.match(/^status 409 is not documented \(documented: 200, 400/);

    const badError = appAnswering((ctx) => {
      ctx.status = 404;
      ctx.body = { ...notFound, error: { code: 'NOT_FOUND' } };
    });
    await badError.http.get('/v1/api/things/1').expect(404);
    expect(badError.mismatches[0].problem).to.match(/\/error must have required property 'message'/);
  });

  it('checks errors outside any route against the error envelope', async () => {
    const good = appAnswering((ctx) => {
      ctx.status = 404;
      ctx.body = notFound;
    });
    await good.http.get('/v1/api/nowhere').expect(404);
    expect(good.mismatches).to.deep.equal([]);

    const bad = appAnswering((ctx) => {
      ctx.status = 404;
      ctx.body = { message: 'no' };
    });
    await bad.http.get('/v1/api/nowhere').expect(404);
    expect(bad.mismatches[0]).to.include({ route: 'GET /v1/api/nowhere (no route)', status: 404 });
  });

  it('checks other content types by their type only', async () => {
    const xml = appAnswering((ctx) => {
      ctx.type = 'application/xml';
      ctx.body = '<rss/>';
    });
    await xml.http.get('/v1/api/feed.xml').expect(200);
    expect(xml.mismatches).to.deep.equal([]);

    const html = appAnswering((ctx) => {
      ctx.type = 'text/html';
      ctx.body = '<p>';
    });
    await html.http.get('/v1/api/feed.xml').expect(200);
    expect(html.mismatches[0].problem).to.equal('content type text/html, documented application/xml');

    const file = appAnswering((ctx) => {
      ctx.type = 'image/webp';
      ctx.body = Buffer.from('RIFF');
    });
    await file.http.get('/v1/api/files/1').expect(200);
    expect(file.mismatches).to.deep.equal([]);
  });
});
