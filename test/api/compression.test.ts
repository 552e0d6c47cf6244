/** Answers over 1 KB are compressed as the client asks, with Vary: Accept-Encoding; small ones and unasked ones are not. */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { binaryParser } from '../helpers/profile-factories.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';

describe('Compression of answers', () => {
  const page = '/v1/api/offres/search?size=20';

  before(async () => {
    const r = await createRecruteur({ plan: 'ENTREPRISE' });
    for (let i = 0; i < 5; i++)
      await createOffre(r, { description: 'Missions, profil et conditions du poste. '.repeat(20) });
  });

  it('a search page is brotli- or gzip-compressed when asked, plain when not, always with Vary', async () => {
    const br = await agent()
      .get(page)
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(br.headers['content-encoding']).to.equal('br');
    expect(br.headers.vary).to.match(/Accept-Encoding/i);
    // The client library decodes the answer: it is the page.
    expect(JSON.parse((br.body as Buffer).toString('utf8'))).to.have.keys('content', 'page');

    const gz = await agent()
      .get(page)
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse(binaryParser)
      .expect(200);
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(JSON.parse((gz.body as Buffer).toString('utf8'))).to.deep.equal(
      JSON.parse((br.body as Buffer).toString('utf8')),
    );

    const plain = await agent().get(page).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.headers.vary).to.match(/Accept-Encoding/i);
    // zstd alone (not available in this Node) falls back to a plain answer, never an error.
    const zstd = await agent().get(page).set('Accept-Encoding', 'zstd').expect(200);
    expect(zstd.headers['content-encoding']).to.equal(undefined);
  });

  it('answers under 1 KB stay plain', async () => {
    const res = await agent().get('/health').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(res.headers['content-encoding']).to.equal(undefined);
  });
});
