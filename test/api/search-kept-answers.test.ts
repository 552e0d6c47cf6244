/**
 * A process keeps a search page a moment and sends it again to the next caller of the same query
 * (api/http/kept-answers.ts), but never once the index changed or the day turned.
 */
import { expect } from 'chai';
import supertest from 'supertest';
import { createApp } from '../../api/app.ts';
import { createProcessCaches } from '../../api/process-caches.ts';
import { KEPT_ANSWER_MS, KeptAnswers } from '../../api/http/kept-answers.ts';
import { ManualClock } from '../../lib/clock.ts';
import { localDate } from '../../domain/shared/local-date.ts';
import { testDeps } from '../helpers/env.ts';
import { recordAnswerMismatch } from '../helpers/answer-mismatches.ts';
import { createCandidat, createOffre } from '../helpers/factories.ts';
import { newSecteur, recruteurWithPlan, uniqueWord } from '../helpers/offre-factories.ts';

function oneProcess(clock = new ManualClock()) {
  const base = testDeps({ clock });
  const caches = createProcessCaches(base);
  const deps = { ...base, caches };
  const api = supertest(createApp(deps, { onAnswerMismatch: recordAnswerMismatch }).app.callback());
  return { api, deps, caches, clock };
}

async function sectorWithOffer(titre: string, deadline: string | null = null) {
  const secteurId = await newSecteur();
  const recruteur = await recruteurWithPlan('ENTREPRISE', { secteurActiviteId: secteurId });
  const offreId = await createOffre(recruteur, { titre, deadline });
  return { secteurId, recruiter: recruteur, offreId };
}

const ids = (res: { body: { content: { id: number }[] } }) => res.body.content.map((h) => h.id);

describe('Search: kept answers', () => {
  it('answers the same query with the same bytes from one kept answer; another query, language or version is another answer', async () => {
    const { api, caches } = oneProcess();
    const w = uniqueWord();
    const { secteurId, offreId } = await sectorWithOffer(`Comptable ${w}`);
    const url = `/v1/api/offres/search?q=${w}&secteurId=${secteurId}`;
    const first = await api.get(url).expect(200);
    const second = await api.get(url).expect(200);
    expect(ids(first)).to.deep.equal([offreId]);
    expect(second.text).to.equal(first.text);
    expect(second.headers.etag).to.equal(first.headers.etag);
    expect(second.headers['cache-control']).to.equal(first.headers['cache-control']);
    expect(caches.answers.size).to.equal(1);
    await api
      .get(url)
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);

    const fields = await api.get(`${url}&fields=id,titre`).expect(200);
    expect(fields.body.content).to.deep.equal([{ id: offreId, titre: `Comptable ${w}` }]);
    await api.get(url).set('Accept-Language', 'en').expect(200);
    const v2 = await api.get(url).set('Accept', 'application/vnd.service.v2+json').expect(200);
    expect(ids(v2)).to.deep.equal([offreId]);
    expect(caches.answers.size).to.equal(4);
    // A refused query is never kept.
    await api.get(`/v1/api/offres/search?q=${w}&size=0`).expect(400);
    expect(caches.answers.size).to.equal(4);
  });

  it('concurrent callers of one query get one answer, made once', async () => {
    const { api, caches } = oneProcess();
    const w = uniqueWord();
    const { secteurId, offreId } = await sectorWithOffer(`Boulanger ${w}`);
    const url = `/v1/api/offres/search?q=${w}&secteurId=${secteurId}`;
    const all = await Promise.all(Array.from({ length: 12 }, () => api.get(url).expect(200)));
    expect(new Set(all.map((r) => r.text)).size).to.equal(1);
    expect(ids(all[0])).to.deep.equal([offreId]);
    expect(caches.answers.size).to.equal(1);
    expect(caches.answers.beingMade(`/v1/api/offres/search?q=${w}&secteurId=${secteurId}#fr#v1`)).to.equal(
      undefined,
    );
  });

  it('an expired answer is sent while another request makes it again, and only then', async () => {
    let now = 0;
    const base = oneProcess();
    const answers = new KeptAnswers(KEPT_ANSWER_MS, () => now);
    const deps = { ...base.deps, caches: { ...base.caches, answers } };
    const api = supertest(createApp(deps, { onAnswerMismatch: recordAnswerMismatch }).app.callback());
    const w = uniqueWord();
    const { secteurId } = await sectorWithOffer(`Pâtissier ${w}`);
    const url = `/v1/api/offres/search?q=${w}&secteurId=${secteurId}`;
    const key = `/v1/api/offres/search?q=${w}&secteurId=${secteurId}#fr#v1`;
    const first = await api.get(url).expect(200);
    now = KEPT_ANSWER_MS;
    // Another request is making it: this one is sent the expired answer at once.
    const done = answers.startMaking(key);
    const meanwhile = await api.get(url).expect(200);
    expect(meanwhile.text).to.equal(first.text);
    done();
    // Nobody making it: this request makes it again and files it fresh.
    await api.get(url).expect(200);
    const version = `${deps.search.generation}#${localDate(deps.clock.now())}`;
    expect(answers.find(key, version)?.fresh).to.equal(true);
  });

  it('a change the index applies is in the next answer at once', async () => {
    const { api } = oneProcess();
    const w = uniqueWord();
    const { secteurId, recruiter: recruteur, offreId } = await sectorWithOffer(`Chauffeur ${w}`);
    const url = `/v1/api/offres/search?q=${w}&secteurId=${secteurId}`;
    expect(ids(await api.get(url).expect(200))).to.deep.equal([offreId]);
    const newer = await createOffre(recruteur, { titre: `Chauffeur ${w} poids lourds` });
    expect(ids(await api.get(url).expect(200))).to.have.members([offreId, newer]);
    await api.get('/v1/api/offres').expect(200);
    const list = await api.get(`/v1/api/offres?secteurId=${secteurId}`).expect(200);
    expect(ids(list)).to.have.members([offreId, newer]);
  });

  it('an offer whose deadline passed leaves the kept query at midnight, with nothing journalled', async () => {
    const clock = new ManualClock('2026-06-10T12:00:00+01:00');
    const { api } = oneProcess(clock);
    const w = uniqueWord();
    const { secteurId, offreId } = await sectorWithOffer(`Magasinier ${w}`, '2026-06-10');
    const url = `/v1/api/offres/search?q=${w}&secteurId=${secteurId}`;
    expect(ids(await api.get(url).expect(200))).to.deep.equal([offreId]);
    clock.set('2026-06-11T00:00:01+01:00');
    expect(ids(await api.get(url).expect(200))).to.deep.equal([]);
  });

  it('keeps an offer page for anonymous callers only, and makes it afresh after an edit', async () => {
    const { api, caches } = oneProcess();
    const w = uniqueWord();
    const { recruiter: recruteur, offreId } = await sectorWithOffer(`Magasinier ${w}`);
    const url = `/v1/api/offres/${offreId}`;
    const first = await api.get(url).expect(200);
    const second = await api.get(url).expect(200);
    expect(second.body.data).to.deep.equal(first.body.data);
    expect(second.headers.etag).to.equal(first.headers.etag);
    expect(caches.answers.size).to.equal(1);
    // The owner's recruiter is answered afresh (its view is another one), and privately.
    const own = await api.get(url).set(recruteur.auth).expect(200);
    expect(own.headers['cache-control']).to.equal('private, no-cache');
    expect(caches.answers.size).to.equal(1);
    // A 404 is never kept.
    await api.get('/v1/api/offres/999999999').expect(404);
    expect(caches.answers.size).to.equal(1);
    await api
      .put(url)
      .set(recruteur.auth)
      .send({ titre: `Magasinier cariste ${w}` })
      .expect(200);
    const edited = await api.get(url).expect(200);
    expect(edited.body.data.titre).to.equal(`Magasinier cariste ${w}`);
  });

  it("the process's own write moves the index's generation, so its next search is made afresh; a login or an application does not", async () => {
    const { api, deps } = oneProcess();
    const w = uniqueWord();
    const { offreId, recruiter } = await sectorWithOffer(`Caissier ${w}`);
    const candidat = await createCandidat();
    const url = `/v1/api/offres/search?q=${w}`;
    const kept = await api.get(url).expect(200);
    const before = deps.search.generation;
    // Neither changes what a search answers (the counters a page shows lag anyway): the kept page stays.
    await api
      .post('/v1/api/auth/login')
      .send({ email: candidat.email, password: candidat.password })
      .expect(200);
    await api.post('/v1/api/candidatures').set(candidat.auth).send({ offreId }).expect(200);
    expect(deps.search.generation).to.equal(before);
    expect((await api.get(url).expect(200)).text).to.equal(kept.text);
    await api
      .put(`/v1/api/offres/${offreId}`)
      .set(recruiter.auth)
      .send({ titre: `Caissier principal ${w}` })
      .expect(200);
    expect(deps.search.generation).to.be.greaterThan(before);
    const after = await api.get(url).expect(200);
    expect(after.body.content[0].titre).to.equal(`Caissier principal ${w}`);
  });
});
