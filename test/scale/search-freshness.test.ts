/**
 * The search index of each API process stays within 1 s of the database: two `recrutement serve`
 * processes on one database, changes made through instance A, searched on instance B. Also: the
 * instance that made a change answers with it at once, a synonym added on A is used by B within
 * 1 s, and an instance started afresh (index rebuilt from MariaDB) answers exactly like the live one.
 */
import { expect } from 'chai';
import { createAdmin } from '../helpers/factories.ts';
import { call } from '../helpers/http-call.ts';
import { offreBody, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';
import { startApiProcess, stopAllProcesses, type ApiProcess } from '../helpers/processes.ts';

const BOUND_MS = 1000;

interface Page {
  content: { id: number; titre: string; relevanceScore: number }[];
  page: { totalElements: number };
}

async function search(api: ApiProcess, q: string): Promise<Page> {
  // Uncompressed, so that the instance replays its answers (ANSWER_REPLAY_MS) as it does for such
  // clients: the bound holds with them.
  const res = await call(api.url, 'GET', `/v1/api/offres/search?q=${encodeURIComponent(q)}&size=100`, {
    headers: { 'Accept-Encoding': 'identity' },
  });
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body as unknown as Page;
}

/** Milliseconds until `check` holds on a search, failing past the bound (with some slack for a loaded machine). */
async function within(api: ApiProcess, q: string, check: (p: Page) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (check(await search(api, q))) return Date.now() - started;
    const waited = Date.now() - started;
    if (waited > BOUND_MS + 1500)
      throw new Error(`search "${q}" on ${api.name} not fresh after ${waited} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Search freshness across two API processes', function () {
  this.timeout(300_000);
  let a: ApiProcess;
  let b: ApiProcess;
  const delays: number[] = [];

  before(async () => {
    [a, b] = await Promise.all([startApiProcess('search-a'), startApiProcess('search-b')]);
  });

  after(async () => {
    await stopAllProcesses();
    delays.sort((x, y) => x - y);
    if (delays.length)
      console.log(
        `      freshness on the other instance: ${delays.length} changes, max ${delays[delays.length - 1]} ms`,
      );
  });

  it('an offer published, edited, then archived on A is seen on B within 1 s, and on A at once', async () => {
    const r = await recruteurWithPlan('ENTREPRISE');
    const word = uniqueWord('fresh');
    const created = await call(a.url, 'POST', '/v1/api/offres', {
      token: r.token,
      body: offreBody({ titre: `Comptable ${word}` }),
    });
    expect(created.status).to.equal(200);
    const id = (created.body!.data as { id: number }).id;
    expect((await search(a, word)).page.totalElements).to.equal(0);

    expect((await call(a.url, 'POST', `/v1/api/offres/${id}/publish`, { token: r.token })).status).to.equal(
      200,
    );
    expect((await search(a, word)).content.map((h) => h.id)).to.deep.equal([id]);
    delays.push(await within(b, word, (p) => p.content.some((h) => h.id === id)));

    const edited = await call(a.url, 'PUT', `/v1/api/offres/${id}`, {
      token: r.token,
      body: offreBody({ titre: `Comptable principal ${word}` }),
    });
    expect(edited.status).to.equal(200);
    expect((await search(a, word)).content[0].titre).to.equal(`Comptable principal ${word}`);
    delays.push(await within(b, word, (p) => p.content[0]?.titre === `Comptable principal ${word}`));

    expect((await call(a.url, 'POST', `/v1/api/offres/${id}/archive`, { token: r.token })).status).to.equal(
      200,
    );
    expect((await search(a, word)).page.totalElements).to.equal(0);
    delays.push(await within(b, word, (p) => p.page.totalElements === 0));
  });

  it('a synonym group added on A is used by the searches of B within 1 s', async () => {
    const r = await recruteurWithPlan('ENTREPRISE');
    const [left, right] = [uniqueWord('syna'), uniqueWord('synb')];
    const published = await call(a.url, 'POST', '/v1/api/offres', {
      token: r.token,
      body: offreBody({ titre: `Agent ${left}` }),
    });
    const id = (published.body!.data as { id: number }).id;
    await call(a.url, 'POST', `/v1/api/offres/${id}/publish`, { token: r.token });
    expect((await search(b, right)).page.totalElements).to.equal(0);
    const admin = await createAdmin();
    const added = await call(a.url, 'POST', '/v1/api/admin/search/synonyms', {
      token: admin.token,
      body: { terms: [left, right] },
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(200);
    expect((await search(a, right)).content.map((h) => h.id)).to.deep.equal([id]);
    delays.push(await within(b, right, (p) => p.content.some((h) => h.id === id)));
  });

  it('an instance started afresh rebuilds its index and answers exactly like a live one', async () => {
    const queries = ['comptable', 'développeur', 'agent', 'ingénieurs', 'devloppeur', 'rh'];
    const live = await Promise.all(queries.map((q) => search(a, q)));
    const fresh = await startApiProcess('search-c');
    const rebuilt = await Promise.all(queries.map((q) => search(fresh, q)));
    expect(rebuilt).to.deep.equal(live);
    expect(live.some((p) => p.page.totalElements > 0)).to.equal(true);
  });
});
