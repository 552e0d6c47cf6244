/**
 * Sparse fieldsets: `fields=` returns exactly the fields asked for, nested ones included, on lists
 * (each item) and single resources; an unknown field is a 400 naming it; no `fields` keeps the full
 * shape; OpenAPI documents the parameter.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { OFFRE_KEYS, publishedOffre, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import type { TestRecruteur } from '../helpers/factories.ts';

const MOBILE_FIELDS = 'id,titre,entreprise.nomEntreprise,localisation,salaireMin,salaireMax,publishedAt';
const MOBILE_KEYS = ['id', 'titre', 'entreprise', 'localisation', 'salaireMin', 'salaireMax', 'publishedAt'];

describe('Sparse fieldsets (fields=)', () => {
  let recruteur: TestRecruteur;
  let offreId: number;
  const word = uniqueWord('sparse');

  before(async () => {
    recruteur = await recruteurWithPlan('ENTREPRISE');
    offreId = await publishedOffre(recruteur, {
      titre: `Analyste ${word}`,
      localisation: 'Douala, Akwa',
      salaireMin: 350000,
      salaireMax: 500000,
    });
  });

  it('a single offer has exactly the fields asked, the nested company reduced to its name', async () => {
    for (const path of [`/v1/api/offres/${offreId}`, `/v1/api/public/offres/${offreId}`]) {
      const res = await agent().get(path).query({ fields: MOBILE_FIELDS }).expect(200);
      const data = res.body.data as Record<string, unknown>;
      expect(data).to.have.all.keys(...MOBILE_KEYS);
      expect(data.entreprise).to.have.all.keys('nomEntreprise');
      expect(data.titre).to.equal(`Analyste ${word}`);
      expect(data.salaireMin).to.equal(350000);
      // The envelope stays whole.
      expect(res.body).to.have.all.keys('success', 'message', 'data', 'error', 'timestamp');
    }
  });

  it('each item of a list and of a search page has exactly the fields asked; the page block stays', async () => {
    const lists = [
      { path: '/v1/api/offres/search', query: { q: word, fields: MOBILE_FIELDS } },
      { path: '/v1/api/offres', query: { size: 3, fields: MOBILE_FIELDS } },
      {
        path: `/v1/api/public/entreprises/${recruteur.entrepriseId}/offres`,
        query: { fields: MOBILE_FIELDS },
      },
      { path: '/v1/api/recruiters/me/offres', query: { fields: 'id,status' }, auth: true },
    ];
    for (const list of lists) {
      const req = agent().get(list.path).query(list.query);
      const res = await (list.auth ? req.set(recruteur.auth) : req).expect(200);
      expect(res.body.page).to.have.all.keys('size', 'number', 'totalElements', 'totalPages');
      expect(res.body.content.length).to.be.greaterThan(0);
      const keys = list.query.fields.split(',').map((f) => f.split('.')[0]);
      for (const item of res.body.content as Record<string, unknown>[])
        expect(item).to.have.all.keys(...keys);
    }
    const search = await agent()
      .get('/v1/api/offres/search')
      .query({ q: word, fields: 'id,relevanceScore' })
      .expect(200);
    expect(search.body.content[0]).to.have.all.keys('id', 'relevanceScore');
  });

  it('companies: lists and single, nested objects and arrays of objects', async () => {
    const one = await agent()
      .get(`/v1/api/public/entreprises/${recruteur.entrepriseId}`)
      .query({ fields: 'id,nomEntreprise,adresseSiege.villeNom,pages.typePage' })
      .expect(200);
    expect(one.body.data).to.have.all.keys('id', 'nomEntreprise', 'adresseSiege', 'pages');
    expect(one.body.data.adresseSiege).to.have.all.keys('villeNom');
    expect(one.body.data.pages).to.be.an('array');

    const list = await agent()
      .get('/v1/api/public/entreprises')
      .query({ fields: 'id,nomEntreprise,logoUrl' })
      .expect(200);
    for (const c of list.body.content as Record<string, unknown>[])
      expect(c).to.have.all.keys('id', 'nomEntreprise', 'logoUrl');

    const mine = await agent()
      .get('/v1/api/recruiters/company')
      .set(recruteur.auth)
      .query({ fields: 'nomEntreprise' })
      .expect(200);
    expect(mine.body.data).to.have.all.keys('nomEntreprise');
  });

  it('asking for a whole object and one of its fields gives the whole object', async () => {
    const res = await agent()
      .get(`/v1/api/offres/${offreId}`)
      .query({ fields: 'entreprise.nomEntreprise,entreprise,id' })
      .expect(200);
    expect(res.body.data).to.have.all.keys('id', 'entreprise');
    expect(res.body.data.entreprise).to.include.keys('nomEntreprise', 'adresseSiege', 'pages');
  });

  it('an unknown field, top-level or nested, is a 400 VALIDATION_ERROR naming it', async () => {
    for (const [fields, named] of [
      ['id,titre,ville', '"ville"'],
      ['id,entreprise.nom', '"entreprise.nom"'],
      ['id,titre.longueur', '"titre.longueur"'],
      ['id,,titre', 'empty field name'],
    ]) {
      const res = await agent()
        .get(`/v1/api/offres/${offreId}`)
        .set('Accept-Language', 'en')
        .query({ fields })
        .expect(400);
      expect(res.body.success).to.equal(false);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(res.body.error.details).to.include(named);
      expect(res.body.error.fields.map((f: { field: string }) => f.field)).to.deep.equal(['query.fields']);
    }
    // In the caller's language, French by default.
    const list = await agent().get('/v1/api/offres/search').query({ q: word, fields: 'id,foo' }).expect(400);
    expect(list.body.error.details).to.include('(fields : champ inconnu « foo »)');
  });

  it('without fields (or with a blank one) the answer keeps its full shape', async () => {
    const full = await agent().get(`/v1/api/offres/${offreId}`).expect(200);
    expect(full.body.data).to.include.all.keys(...OFFRE_KEYS);
    const blank = await agent().get(`/v1/api/offres/${offreId}`).query({ fields: '' }).expect(200);
    expect(Object.keys(blank.body.data)).to.deep.equal(Object.keys(full.body.data));
  });

  it('fields changes the ETag: a sparse answer and the full one are different answers', async () => {
    const full = await agent().get(`/v1/api/offres/${offreId}`).expect(200);
    const sparse = await agent().get(`/v1/api/offres/${offreId}`).query({ fields: 'id' }).expect(200);
    expect(sparse.headers.etag).to.not.equal(full.headers.etag);
    await agent()
      .get(`/v1/api/offres/${offreId}`)
      .query({ fields: 'id' })
      .set('If-None-Match', sparse.headers.etag as string)
      .expect(304);
  });

  it('OpenAPI documents `fields` as a query parameter of the routes that take it', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    };
    for (const path of [
      '/v1/api/offres',
      '/v1/api/offres/search',
      '/v1/api/offres/{offreId}',
      '/v1/api/public/offres/{offreId}',
      '/v1/api/public/entreprises',
      '/v1/api/public/entreprises/{id}',
    ]) {
      const names = doc.paths[path].get.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      expect(names, path).to.include('fields');
    }
    expect(doc.paths['/v1/api/regions'].get.parameters.map((p) => p.name)).to.not.include('fields');
  });
});
