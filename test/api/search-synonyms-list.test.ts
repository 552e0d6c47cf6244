/**
 * The synonyms admin list: every group without parameters (as it always answered), pages by id
 * with `limit` and `afterId`, and a term filter `q` that ignores case and accents. (Unknown query
 * parameters are ignored, as everywhere in the API.)
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { createAdmin } from '../helpers/factories.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';

type Group = { id: number; terms: string[] };

describe('Search synonyms admin list', () => {
  it('pages the groups by id with limit and afterId, and keeps every group without them', async () => {
    const admin = await createAdmin();
    const list = async (query = '') =>
      (await agent().get(`/v1/api/admin/search/synonyms${query}`).set(admin.auth).expect(200)).body
        .data as Group[];
    const word = uniqueWord('pag');
    for (let i = 0; i < 5; i++)
      await agent()
        .post('/v1/api/admin/search/synonyms')
        .set(admin.auth)
        .send({ terms: [`${word}${i}a`, `${word}${i}b`] })
        .expect(200);
    const all = await list();
    // The shipped sets are seeded in the test database: thousands of groups, in id order.
    expect(all.length).to.be.greaterThan(1000);
    expect(all.map((g) => g.id)).to.deep.equal([...all.map((g) => g.id)].sort((a, b) => a - b));

    const pages: Group[][] = [];
    let afterId = 0;
    for (;;) {
      const page = await list(`?limit=500&afterId=${afterId}`);
      expect(page.length).to.be.at.most(500);
      pages.push(page);
      if (page.length < 500) break;
      afterId = page[page.length - 1].id;
    }
    expect(pages.length).to.be.greaterThan(1);
    expect(pages.flat()).to.deep.equal(all);
  });

  it('filters on a term, case and accents ignored, and pages the filtered groups', async () => {
    const admin = await createAdmin();
    const word = uniqueWord('flt');
    const ids: number[] = [];
    for (const terms of [
      [`Éleveur ${word}`, `${word} breeder`],
      [`${word}`, 'autre terme'],
      [`sans rapport ${word.slice(0, 2)}`, 'rien'],
    ]) {
      const res = await agent()
        .post('/v1/api/admin/search/synonyms')
        .set(admin.auth)
        .send({ terms })
        .expect(200);
      ids.push((res.body.data as Group).id);
    }
    const list = async (query: string) =>
      (
        (await agent().get(`/v1/api/admin/search/synonyms${query}`).set(admin.auth).expect(200)).body
          .data as Group[]
      ).map((g) => g.id);
    expect(await list(`?q=${encodeURIComponent(word.toUpperCase())}`)).to.deep.equal(ids.slice(0, 2));
    expect(await list(`?q=${encodeURIComponent(`eleveur ${word}`)}`)).to.deep.equal([ids[0]]);
    expect(await list(`?q=${word}&limit=1`)).to.deep.equal([ids[0]]);
    expect(await list(`?q=${word}&limit=1&afterId=${ids[0]}`)).to.deep.equal([ids[1]]);
    expect(await list(`?q=${word}&limit=1&afterId=${ids[1]}`)).to.deep.equal([]);
  });

  it('refuses a limit or a cursor out of range', async () => {
    const admin = await createAdmin();
    for (const query of ['?limit=0', '?limit=501', '?afterId=-1', '?limit=ten'])
      expect(
        (await agent().get(`/v1/api/admin/search/synonyms${query}`).set(admin.auth).expect(400)).body.error
          .code,
        query,
      ).to.equal('VALIDATION_ERROR');
  });
});
