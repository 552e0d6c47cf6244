import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';

const api = () => agent();
const SAVED_KEYS = [
  'offreId',
  'savedAt',
  'offreStatus',
  'titre',
  'entrepriseId',
  'entrepriseNom',
  'entrepriseLogoUrl',
  'localisation',
  'contractType',
  'salaireMin',
  'salaireMax',
  'remotePossible',
  'deadline',
  'publishedAt',
];

describe('Saved jobs', () => {
  it('POST saves a published offer; saving twice is not an error', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r, { titre: 'Logisticien' });
    const c = await createCandidat();
    const res = await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId }).expect(200);
    expect(res.body.data).to.have.all.keys(...SAVED_KEYS);
    expect(res.body.data).to.include({
      offreId,
      offreStatus: 'PUBLISHED',
      titre: 'Logisticien',
      entrepriseId: r.entrepriseId,
    });
    const again = await api()
      .post('/v1/api/candidats/me/saved-jobs')
      .set(c.auth)
      .send({ offreId })
      .expect(200);
    expect(again.body.data.savedAt).to.equal(res.body.data.savedAt);
    expect(await testDb()('savedJobs').where({ candidatId: c.id })).to.have.length(1);
  });

  it('refuses drafts and unknown offers (404), other roles (403), bad bodies (400)', async () => {
    const r = await createRecruteur();
    const c = await createCandidat();
    const draft = await createOffre(r, { status: 'DRAFT' });
    await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId: draft }).expect(404);
    await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId: 99999999 }).expect(404);
    await api().post('/v1/api/candidats/me/saved-jobs').set(r.auth).send({ offreId: draft }).expect(403);
    await api().get('/v1/api/candidats/me/saved-jobs').expect(401);
    const bad = await api()
      .post('/v1/api/candidats/me/saved-jobs')
      .set(c.auth)
      .send({ offreId: 'abc' })
      .expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
  });

  it('GET lists own saved jobs, newest first, showing archived and deleted offers as such', async () => {
    const r = await createRecruteur();
    const c = await createCandidat();
    const other = await createCandidat();
    const a = await createOffre(r, { titre: 'Offre qui sera archivée' });
    const b = await createOffre(r, { titre: 'Offre qui sera supprimée' });
    const d = await createOffre(r, { titre: 'Offre toujours ouverte' });
    for (const offreId of [a, b, d])
      await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId }).expect(200);
    await api().post('/v1/api/candidats/me/saved-jobs').set(other.auth).send({ offreId: a }).expect(200);
    await api().post(`/v1/api/offres/${a}/archive`).set(r.auth).expect(200);
    await testDb()('offres').where({ id: b }).delete();
    const res = await api().get('/v1/api/candidats/me/saved-jobs').set(c.auth).expect(200);
    expect(res.body).to.have.all.keys('content', 'page');
    expect(res.body.page.totalElements).to.equal(3);
    const byId = new Map(res.body.content.map((s: { offreId: number }) => [s.offreId, s]));
    expect(byId.get(a)).to.include({ offreStatus: 'ARCHIVED', titre: 'Offre qui sera archivée' });
    expect(byId.get(b)).to.include({
      offreStatus: 'DELETED',
      titre: 'Offre qui sera supprimée',
      contractType: null,
    });
    expect((byId.get(b) as { entrepriseNom: string }).entrepriseNom).to.be.a('string');
    expect(byId.get(d)).to.include({ offreStatus: 'PUBLISHED' });
    const page = await api().get('/v1/api/candidats/me/saved-jobs?size=2').set(c.auth).expect(200);
    expect(page.body.content).to.have.length(2);
    expect(page.body.page.totalPages).to.equal(2);
    await api().get('/v1/api/candidats/me/saved-jobs?sort=x,asc').set(c.auth).expect(400);
  });

  it('DELETE forgets a saved offer, idempotently', async () => {
    const r = await createRecruteur();
    const c = await createCandidat();
    const offreId = await createOffre(r);
    await api().post('/v1/api/candidats/me/saved-jobs').set(c.auth).send({ offreId }).expect(200);
    const res = await api().delete(`/v1/api/candidats/me/saved-jobs/${offreId}`).set(c.auth).expect(200);
    expect(res.body.data).to.deep.equal({});
    await api().delete(`/v1/api/candidats/me/saved-jobs/${offreId}`).set(c.auth).expect(200);
    expect(
      (await api().get('/v1/api/candidats/me/saved-jobs').set(c.auth).expect(200)).body.content,
    ).to.deep.equal([]);
    await api().delete('/v1/api/candidats/me/saved-jobs/abc').set(c.auth).expect(400);
  });
});
