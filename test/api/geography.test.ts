import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';

describe('Geography (public, bare, cacheable 24h)', () => {
  const api = () => agent();

  it('GET /regions returns the 10 regions with codes and chefs-lieux, cacheable', async () => {
    const res = await api().get('/v1/api/regions').expect(200);
    expect(res.body).to.be.an('array').with.length(10);
    expect(res.body.map((r: { code: string }) => r.code).sort()).to.deep.equal([
      'AD',
      'CE',
      'EN',
      'ES',
      'LT',
      'NO',
      'NW',
      'OU',
      'SU',
      'SW',
    ]);
    const centre = res.body.find((r: { code: string }) => r.code === 'CE');
    expect(centre).to.include({ chefLieu: 'Yaoundé' });
    expect(centre).to.have.all.keys('id', 'nom', 'code', 'chefLieu');
    expect(res.headers['cache-control']).to.equal('public, max-age=86400');
    expect(res.headers.etag).to.be.a('string');
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await api().get('/v1/api/regions').expect(200);
    await api().get('/v1/api/regions').set('If-None-Match', first.headers.etag).expect(304);
  });

  it('GET /regions/{id}/villes lists the cities of a region', async () => {
    const littoral = await testDb()('regions').where({ code: 'LT' }).first('id');
    const res = await api().get(`/v1/api/regions/${littoral.id}/villes`).expect(200);
    expect(res.body.map((v: { nom: string }) => v.nom)).to.include('Douala');
    for (const v of res.body) {
      expect(v.regionId).to.equal(littoral.id);
      expect(v).to.have.all.keys('id', 'regionId', 'nom', 'slug', 'latitude', 'longitude', 'population');
    }
  });

  it('GET /villes lists about 50 cities', async () => {
    const res = await api().get('/v1/api/villes').expect(200);
    expect(res.body.length).to.be.within(45, 60);
  });

  it('GET /villes/{id} includes the neighbourhood count', async () => {
    const yaounde = await testDb()('villes').where({ slug: 'yaounde' }).first('id');
    const res = await api().get(`/v1/api/villes/${yaounde.id}`).expect(200);
    expect(res.body).to.include({ nom: 'Yaoundé', id: yaounde.id });
    expect(res.body.quartiers).to.be.at.least(10);
    expect(res.body.latitude).to.be.closeTo(3.87, 0.1);
  });

  it('GET /villes/{id}/quartiers gives {villeId, quartiers}', async () => {
    const douala = await testDb()('villes').where({ slug: 'douala' }).first('id');
    const res = await api().get(`/v1/api/villes/${douala.id}/quartiers`).expect(200);
    expect(res.body.villeId).to.equal(douala.id);
    expect(res.body.quartiers.length).to.be.at.least(10);
    expect(res.body.quartiers[0]).to.have.all.keys('id', 'nom', 'slug');
  });

  it('unknown ids are a 404 in the envelope, bad ids a 400', async () => {
    const res = await api().get('/v1/api/villes/999999').expect(404);
    expect(res.body).to.include({ success: false, data: null });
    expect(res.body.error.code).to.equal('NOT_FOUND');
    await api().get('/v1/api/regions/999999/villes').expect(404);
    await api().get('/v1/api/villes/999999/quartiers').expect(404);
    const bad = await api().get('/v1/api/villes/abc').expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
  });

  describe('GET /villes/search', () => {
    it('ignores accents and case', async () => {
      const res = await api().get('/v1/api/villes/search?q=yaounde').expect(200);
      expect(res.body.suggestions[0]).to.include({ nom: 'Yaoundé', regionNom: 'Centre' });
      expect(res.body.suggestions[0]).to.have.all.keys('id', 'nom', 'regionNom');
    });

    it('forgives a typo', async () => {
      const res = await api().get('/v1/api/villes/search?q=Douwala').expect(200);
      expect(res.body.suggestions[0].nom).to.equal('Douala');
    });

    it('boosts population among equal matches and returns at most 10', async () => {
      const res = await api().get('/v1/api/villes/search?q=ba').expect(200);
      expect(res.body.suggestions.length).to.be.at.most(10);
      const names = res.body.suggestions.map((s: { nom: string }) => s.nom);
      expect(names.indexOf('Bamenda')).to.be.lessThan(
        names.indexOf('Bafia') === -1 ? 99 : names.indexOf('Bafia'),
      );
    });

    it('requires q', async () => {
      const res = await api().get('/v1/api/villes/search').expect(400);
      expect(res.body.error.details).to.contain('q');
    });
  });

  describe('POST /geo/reverse', () => {
    it('finds the nearest city and neighbourhood with a distance in km', async () => {
      const res = await api()
        .post('/v1/api/geo/reverse')
        .send({ latitude: 4.05, longitude: 9.7 })
        .expect(200);
      expect(res.body.ville.nom).to.equal('Douala');
      expect(res.body.quartier).to.have.keys('id', 'nom');
      expect(res.body.distance).to.be.a('number').and.below(10);
    });

    it('refuses coordinates out of range with 400', async () => {
      const res = await api().post('/v1/api/geo/reverse').send({ latitude: 95, longitude: 9.7 }).expect(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      await api().post('/v1/api/geo/reverse').send({ latitude: 4, longitude: -181 }).expect(400);
      await api().post('/v1/api/geo/reverse').send({ latitude: 'north', longitude: 9 }).expect(400);
    });
  });
});
