/** Accept-Language picks French (default) or English for messages; Content-Language says which; codes never change. */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createCandidat } from '../helpers/factories.ts';
import { offreBody, recruteurWithPlan } from '../helpers/offre-factories.ts';

describe('Languages: Accept-Language and Content-Language', () => {
  it('an error in English with Accept-Language: en, in French by default, naming what is missing; the code is the same', async () => {
    const en = await agent()
      .get('/v1/api/offres/999999999')
      .set('Accept-Language', 'en-GB,en;q=0.9')
      .expect(404);
    expect(en.headers['content-language']).to.equal('en');
    expect(en.body.error).to.include({ code: 'NOT_FOUND', message: 'Offer not found' });
    expect(en.body.message).to.equal('Offer not found');
    const fr = await agent().get('/v1/api/offres/999999999').expect(404);
    expect(fr.headers['content-language']).to.equal('fr');
    expect(fr.body.error).to.include({ code: 'NOT_FOUND', message: 'Offre introuvable' });
    // Details add facts when there are some, never the English sentence beside the French one.
    expect(fr.body.error.details).to.equal('Offre introuvable');
    expect(en.body.error.details).to.equal('Offer not found');
    const company = await agent().get('/v1/api/public/entreprises/999999999').expect(404);
    expect(company.body.error.message).to.equal('Entreprise introuvable');
    // A path no route serves names no resource.
    const path = await agent().get('/v1/api/nowhere').set('Accept-Language', 'en').expect(404);
    expect(path.body.error.message).to.equal('Resource not found');
    expect(path.body.error.details).to.equal('No route for GET /v1/api/nowhere');
    const ailleurs = await agent().get('/v1/api/nowhere').expect(404);
    expect(ailleurs.body.error.details).to.equal('Aucune route pour GET /v1/api/nowhere');
    // A path one typing mistake from a documented one names it.
    const typo = await agent().get('/v1/api/offre/12').expect(404);
    expect(typo.body.error.details).to.equal(
      'Aucune route pour GET /v1/api/offre/12 ; vouliez-vous dire GET /v1/api/offres/{offreId} ?',
    );
    const typoEn = await agent().get('/v1/api/offre/12').set('Accept-Language', 'en').expect(404);
    expect(typoEn.body.error.details).to.equal(
      'No route for GET /v1/api/offre/12; did you mean GET /v1/api/offres/{offreId}?',
    );
  });

  it('success messages follow the language too', async () => {
    const r = await recruteurWithPlan('ENTREPRISE');
    const en = await agent()
      .post('/v1/api/offres')
      .set(r.auth)
      .set('Accept-Language', 'en')
      .send(offreBody())
      .expect(200);
    expect(en.body.message).to.equal('Offer created');
    expect(en.headers['content-language']).to.equal('en');
    const fr = await agent()
      .post('/v1/api/offres')
      .set(r.auth)
      .set('Accept-Language', 'fr-CM')
      .send(offreBody())
      .expect(200);
    expect(fr.body.message).to.equal('Offre créée');
  });

  it('an unknown language falls back to French; weights are honoured', async () => {
    const candidat = await createCandidat();
    const de = await agent()
      .get('/v1/api/candidats/me')
      .set(candidat.auth)
      .set('Accept-Language', 'de-DE,de')
      .expect(200);
    expect(de.headers['content-language']).to.equal('fr');
    const weighted = await agent()
      .get('/v1/api/regions')
      .set('Accept-Language', 'fr;q=0.4, en;q=0.8')
      .expect(200);
    expect(weighted.headers['content-language']).to.equal('en');
    const invalid = await agent()
      .post('/v1/api/auth/login')
      .set('Accept-Language', 'en')
      .send({})
      .expect(400);
    expect(invalid.body.error.code).to.equal('VALIDATION_ERROR');
    expect(invalid.body.error.message).to.equal('Invalid input');
    expect(invalid.body.error.details).to.contain('email');
  });
});
