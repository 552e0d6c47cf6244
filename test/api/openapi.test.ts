import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { agent, buildApp } from '../helpers/app.ts';
import { koaPath } from '../../api/http/mount-routes.ts';

describe('OpenAPI document and docs page', () => {
  it('GET /v1/api/openapi.json is a valid OpenAPI 3.1 document', async () => {
    const res = await agent().get('/v1/api/openapi.json').expect(200);
    expect(res.body.openapi).to.equal('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it('lists every route the API serves, and the router serves every documented route', async function () {
    // One request per documented route: minutes on a loaded 2-core machine.
    this.timeout(300000);
    const built = buildApp();
    const doc = built.openapi as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p}`),
    );
    const served = built.routes.map((r) => `${r.method} /v1/api${r.path}`);
    expect(documented.sort()).to.deep.equal(served.sort());
    // Each declared route answers something other than the router's 404 for its method and path.
    for (const r of built.routes) {
      const url = `/v1/api${koaPath(r.path).replace(/:\w+/g, '1')}`;
      const res = await agent()[r.method](url).set('Accept-Language', 'en');
      expect(res.body?.error?.details ?? '', `${r.method} ${url}`).not.to.match(/^No route for/);
    }
  });

  it('GET /docs is the Swagger UI page, its files served from our own origin under a strict CSP', async () => {
    const res = await agent().get('/docs').expect(200);
    expect(res.headers['content-type']).to.contain('text/html');
    expect(res.text).to.contain('Recrutement API');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).to.contain("default-src 'none'");
    expect(csp).to.contain("script-src 'self'");
    expect(csp).not.to.contain('unsafe');
    const sources = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).to.include.members([
      '/docs/swagger-ui-bundle.js',
      '/docs/docs.js',
      '/docs/swagger-ui.css',
    ]);
    for (const src of sources) {
      expect(src, 'same origin').to.match(/^\/docs\//);
      const file = await agent().get(src).expect(200);
      expect(file.headers['content-type'], src).to.match(/text\/css|text\/javascript|image\/png/);
    }
    await agent().get('/docs/package.json').expect(404);
    await agent().get('/docs/..%2Fpackage.json').expect(404);
  });
});

describe('System routes and conventions', () => {
  it('GET /health and GET /ready', async () => {
    const health = await agent().get('/health').expect(200);
    expect(health.body.status).to.equal('UP');
    const ready = await agent().get('/ready').expect(200);
    expect(ready.body.database).to.equal('UP');
  });

  it('sets a request id on every response, and echoes a sane incoming one', async () => {
    const res = await agent().get('/health').expect(200);
    expect(res.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    const echoed = await agent().get('/health').set('X-Request-Id', 'abc-123').expect(200);
    expect(echoed.headers['x-request-id']).to.equal('abc-123');
  });

  it('unknown routes are a 404 envelope', async () => {
    const res = await agent().get('/v1/api/nope').expect(404);
    expect(res.body).to.include({ success: false, data: null });
    expect(res.body.error.code).to.equal('NOT_FOUND');
    expect(res.body.timestamp).to.be.a('string');
  });

  it('envelopes success of detailed endpoints', async () => {
    const res = await agent().get('/v1/api/reference/secteurs-activite').expect(200);
    expect(res.body).to.have.all.keys('success', 'message', 'data', 'error', 'timestamp');
    expect(res.body.success).to.equal(true);
    expect(res.body.error).to.equal(null);
    expect(res.body.data.length).to.be.greaterThan(5);
    expect(res.body.data[0]).to.have.all.keys('id', 'nom', 'description', 'actif');
  });

  it('GET /reference/experience-levels is ordered', async () => {
    const res = await agent().get('/v1/api/reference/experience-levels').expect(200);
    const ordres = res.body.data.map((l: { ordre: number }) => l.ordre);
    expect(ordres).to.deep.equal([...ordres].sort((a, b) => a - b));
    expect(res.body.data[0]).to.have.all.keys('id', 'nom', 'ordre');
  });

  it('caps any page size above 100 silently, and refuses a sort field outside the allow-list', async () => {
    const res = await agent().get('/v1/api/public/entreprises?size=1000000&page=0').expect(200);
    expect(res.body.page).to.include({ size: 100, number: 0 });
    const bad = await agent().get('/v1/api/public/entreprises?sort=passwordHash,asc').expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
  });

  it('malformed JSON is a 400 envelope, never a 500', async () => {
    const res = await agent()
      .post('/v1/api/geo/reverse')
      .set('Content-Type', 'application/json')
      .send('{"latitude": ')
      .expect(400);
    expect(res.body.error.code).to.equal('VALIDATION_ERROR');
  });
});
