/**
 * A documented path asked with a method it does not serve: 405 METHOD_NOT_ALLOWED in the envelope,
 * in the caller's language, with an `Allow` header naming at least the methods the OpenAPI
 * document gives that path. Unknown paths stay 404, OPTIONS lists the methods, CORS preflights
 * are unchanged, and a method no route implements is 501.
 */
import { expect } from 'chai';
import { agent, buildApp } from '../helpers/app.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** `/v1/api/offres/{id}` -> `/v1/api/offres/1`. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '1');

const allowOf = (res: { headers: Record<string, string> }) =>
  String(res.headers.allow ?? '')
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);

describe('Methods a path does not serve', () => {
  it('every documented path answers 405 with an Allow header holding its documented methods', async function () {
    this.timeout(120000);
    const doc = buildApp().openapi as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.entries(doc.paths);
    expect(paths.length).to.be.greaterThan(100);
    // As OpenAPI matches URLs: a fixed path (`/files/upload`) by its own operations only, a
    // templated one (`/files/{id}`) by every templated path its URL fits.
    const patterns = paths
      .filter(([path]) => path.includes('{'))
      .map(([path, operations]) => ({
        fits: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`),
        methods: Object.keys(operations),
      }));
    for (const [path, operations] of paths) {
      const served = path.includes('{')
        ? patterns.filter((p) => p.fits.test(concrete(path))).flatMap((p) => p.methods)
        : Object.keys(operations);
      const other = METHODS.find((m) => !served.includes(m)) as Method | undefined;
      if (!other) continue;
      const res = await agent()[other](concrete(path));
      const label = `${other.toUpperCase()} ${path}`;
      expect(res.status, label).to.equal(405);
      expect(res.body.success, label).to.equal(false);
      expect(res.body.error.code, label).to.equal('METHOD_NOT_ALLOWED');
      expect(allowOf(res), label).to.include.members(served);
      expect(allowOf(res), label).not.to.include(other);
    }
  });

  it('words the 405 in the caller’s language and names the allowed methods in details', async () => {
    const fr = await agent().delete('/v1/api/regions').expect(405);
    expect(fr.body.message).to.equal('Méthode non autorisée sur cette adresse');
    expect(fr.headers['content-language']).to.equal('fr');
    expect(fr.body.error.details).to.equal('DELETE /v1/api/regions : méthodes permises HEAD, GET');
    const en = await agent().delete('/v1/api/regions').set('Accept-Language', 'en').expect(405);
    expect(en.body.message).to.equal('Method not allowed here');
    expect(en.body.error.details).to.equal('DELETE /v1/api/regions: allowed HEAD, GET');
    expect(en.headers.allow).to.equal('HEAD, GET');
  });

  it('serves a fixed path by its own routes only, not by a templated one it fits', async () => {
    const put = await agent().put('/v1/api/offres/search').send({}).expect(405);
    expect(put.headers.allow).to.equal('HEAD, GET');
    expect(put.body.error.code).to.equal('METHOD_NOT_ALLOWED');
    await agent().delete('/v1/api/offres/autocomplete/').expect(405);
    const upload = await agent().get('/v1/api/files/upload').expect(405);
    expect(upload.headers.allow).to.equal('POST');
    const options = await agent().options('/v1/api/offres/search').expect(200);
    expect(options.headers.allow).to.equal('HEAD, GET');
    // The templated path and the fixed one's own method are served as before.
    await agent().get('/v1/api/offres/search?q=x').expect(200);
    await agent().put('/v1/api/offres/1').send({}).expect(401);
    await agent().trace('/v1/api/offres/search').expect(501);
  });

  it('keeps 404 for an unknown path, under any method', async () => {
    for (const method of METHODS) {
      const res = await agent()[method]('/v1/api/nowhere-at-all').expect(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
      expect(res.headers.allow).to.equal(undefined);
    }
  });

  it('answers OPTIONS with the Allow list, and a CORS preflight as before', async () => {
    const options = await agent().options('/v1/api/offres').expect(200);
    expect(allowOf(options)).to.include.members(['get', 'post']);
    const preflight = await agent()
      .options('/v1/api/offres')
      .set('Origin', 'https://front.example')
      .set('Access-Control-Request-Method', 'POST')
      .expect(204);
    expect(preflight.headers['access-control-allow-methods']).to.contain('POST');
  });

  it('answers a method no route implements with 501 in the envelope', async () => {
    const res = await agent().trace('/v1/api/regions').expect(501);
    expect(res.body.error.code).to.equal('NOT_IMPLEMENTED');
  });

  it('refuses other methods on the system routes too', async () => {
    const res = await agent().post('/health').expect(405);
    expect(res.body.error.code).to.equal('METHOD_NOT_ALLOWED');
    expect(allowOf(res)).to.include('get');
  });
});
