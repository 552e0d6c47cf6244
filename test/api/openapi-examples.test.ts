import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createRecruteur } from '../helpers/factories.ts';

describe('OpenAPI: examples and descriptions a reader can trust', () => {
  it('"Try it out" on create-offer proposes a realistic French offer, which the API accepts as it is', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body;
    const schema = doc.paths['/v1/api/offres'].post.requestBody.content['application/json'].schema;
    const [example] = schema.examples;
    expect(example).to.include({
      titre: 'Comptable confirmé(e)',
      localisation: 'Douala',
      contractType: 'CDI',
      salaireMin: 250000,
      salaireMax: 400000,
    });
    expect(schema.properties.titre.examples).to.deep.equal(['Comptable confirmé(e)']);
    const recruteur = await createRecruteur();
    const res = await agent().post('/v1/api/offres').set(recruteur.auth).send(example).expect(200);
    expect(res.body.data).to.include({ titre: 'Comptable confirmé(e)', salaireMin: 250000, status: 'DRAFT' });
  });

  it('the search operation describes the index search as it works now', async () => {
    const doc = (await agent().get('/v1/api/openapi.json').expect(200)).body;
    const description: string = doc.paths['/v1/api/offres/search'].get.description;
    expect(description).not.to.contain('MySQL');
    expect(description)
      .to.contain('typos')
      .and.contain('synonyms')
      .and.contain('BM25F')
      .and.contain('typo 0.5')
      .and.contain('matchedWords');
  });
});
