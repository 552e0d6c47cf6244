/**
 * Conditional GETs and who may cache what: public answers carry a weak ETag and a public
 * Cache-Control, a second GET with If-None-Match is a 304 with no body, an edit changes the tag,
 * and answers to a signed-in caller are private and vary on Authorization.
 */
import { expect } from 'chai';
import { ManualClock } from '../../lib/clock.ts';
import { agent } from '../helpers/app.ts';
import { createCandidat } from '../helpers/factories.ts';
import { publishedOffre, recruteurWithPlan } from '../helpers/offre-factories.ts';
import type { TestRecruteur } from '../helpers/factories.ts';

describe('Conditional GETs and cache headers', () => {
  let recruteur: TestRecruteur;
  let offreId: number;

  before(async () => {
    recruteur = await recruteurWithPlan('ENTREPRISE');
    offreId = await publishedOffre(recruteur, { titre: 'Comptable principal' });
  });

  const paths: [string, () => string][] = [
    ['/offres/{id}', () => `/v1/api/offres/${offreId}`],
    ['/public/offres/{id}', () => `/v1/api/public/offres/${offreId}`],
    ['/offres', () => '/v1/api/offres?size=5'],
    ['/offres/search', () => '/v1/api/offres/search?q=comptable'],
    ['/public/entreprises', () => '/v1/api/public/entreprises'],
    ['/public/entreprises/{id}', () => `/v1/api/public/entreprises/${recruteur.entrepriseId}`],
    ['/public/blog/articles', () => '/v1/api/public/blog/articles'],
    ['/reference/secteurs-activite', () => '/v1/api/reference/secteurs-activite'],
  ];
  for (const [label, path] of paths) {
    it(`a second GET of ${label} with If-None-Match is a 304 with no body`, async () => {
      const first = await agent().get(path()).expect(200);
      const tag = first.headers.etag as string;
      expect(tag).to.match(/^W\/".+"$/);
      // Readable by a web frontend on another origin.
      expect(first.headers['access-control-expose-headers']).to.match(/\bETag\b/);
      expect(first.headers['cache-control']).to.match(/^public, max-age=\d+$/);

      const second = await agent().get(path()).set('If-None-Match', tag).expect(304);
      expect(second.text ?? '').to.equal('');
      expect(second.headers['content-length'] ?? '0').to.equal('0');
      expect(second.headers.etag).to.equal(tag);
      // A tag the client holds in strong form (a proxy may strip W/) still matches.
      await agent().get(path()).set('If-None-Match', tag.slice(2)).expect(304);
      // Any other tag gets the whole answer again.
      await agent().get(path()).set('If-None-Match', 'W/"something-else"').expect(200);
    });
  }

  it('the tag ignores the envelope timestamp: two GETs a minute apart have the same tag', async () => {
    const clock = new ManualClock();
    const api = agent({ clock });
    const a = await api.get(`/v1/api/offres/${offreId}`).expect(200);
    clock.advance(60 * 1000);
    const b = await api.get(`/v1/api/offres/${offreId}`).expect(200);
    expect(b.body.timestamp).to.not.equal(a.body.timestamp);
    expect(b.headers.etag).to.equal(a.headers.etag);
  });

  it('editing the offer changes its ETag, so the old tag gets the new answer', async () => {
    const before = await agent().get(`/v1/api/offres/${offreId}`).expect(200);
    await agent()
      .put(`/v1/api/offres/${offreId}`)
      .set(recruteur.auth)
      .send({ titre: 'Comptable principal senior' })
      .expect(200);
    const after = await agent()
      .get(`/v1/api/offres/${offreId}`)
      .set('If-None-Match', before.headers.etag as string)
      .expect(200);
    expect(after.headers.etag).to.not.equal(before.headers.etag);
    expect(after.body.data.titre).to.equal('Comptable principal senior');
  });

  it('the answer to a signed-in caller is private, revalidated, and varies on Authorization', async () => {
    // The recruiter sees its own offer (in any state) through the token-optional route.
    const own = await agent().get(`/v1/api/offres/${offreId}`).set(recruteur.auth).expect(200);
    expect(own.headers['cache-control']).to.equal('private, no-cache');
    expect(own.headers.vary).to.match(/Authorization/i);
    expect(own.headers.etag).to.match(/^W\//);
    await agent()
      .get(`/v1/api/offres/${offreId}`)
      .set(recruteur.auth)
      .set('If-None-Match', own.headers.etag as string)
      .expect(304);

    // Anonymous answer of the same URL: public, but a shared cache keys it on Authorization too.
    const anonymous = await agent().get(`/v1/api/offres/${offreId}`).expect(200);
    expect(anonymous.headers['cache-control']).to.match(/^public/);
    expect(anonymous.headers.vary).to.match(/Authorization/i);

    // A role-only route: private for every caller.
    const mine = await agent().get('/v1/api/recruiters/me/offres').set(recruteur.auth).expect(200);
    expect(mine.headers['cache-control']).to.equal('private, no-cache');
    expect(mine.headers.vary).to.match(/Authorization/i);
    const candidat = await createCandidat();
    const saved = await agent().get('/v1/api/candidats/me/candidatures').set(candidat.auth);
    expect(saved.status).to.equal(200);
    expect(saved.headers['cache-control']).to.equal('private, no-cache');
    expect(saved.headers['cache-control']).to.not.match(/public/);
  });

  it('two callers never share a private tag: another recruiter holding the first one’s tag gets its own answer', async () => {
    const other = await recruteurWithPlan('ENTREPRISE');
    const first = await agent().get('/v1/api/recruiters/company').set(recruteur.auth).expect(200);
    const second = await agent()
      .get('/v1/api/recruiters/company')
      .set(other.auth)
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    expect(second.body.data.id).to.equal(other.entrepriseId);
    expect(second.headers.etag).to.not.equal(first.headers.etag);
  });

  it('a handler’s own Cache-Control wins (the data export is never stored)', async () => {
    const candidat = await createCandidat();
    const res = await agent().get('/v1/api/candidats/me/export').set(candidat.auth).expect(200);
    expect(res.headers['cache-control']).to.equal('private, no-store');
  });

  it('writes are not cached and carry no ETag', async () => {
    const res = await agent()
      .put(`/v1/api/offres/${offreId}`)
      .set(recruteur.auth)
      .send({ salaireMin: 300000 })
      .expect(200);
    expect(res.headers.etag).to.equal(undefined);
  });

  it('OpenAPI documents If-None-Match, the ETag and the 304', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters: { name: string; in: string }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const op = doc.paths['/v1/api/offres/{offreId}'].get;
    expect(op.parameters.some((p) => p.name === 'If-None-Match' && p.in === 'header')).to.equal(true);
    expect(op.responses['304']).to.not.equal(undefined);
    expect(op.responses['200'].headers).to.have.keys('ETag', 'Cache-Control');
    expect(doc.paths['/v1/api/offres'].post.responses['304']).to.equal(undefined);
  });
});
