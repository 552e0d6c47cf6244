import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { APPLICATION_ITEM_KEYS, applyTo, expectCountersExact } from '../helpers/offre-factories.ts';

const api = () => agent();

function eventData(row: { data: unknown }): Record<string, unknown> {
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
}

function setStatus(recruteur: { auth: { Authorization: string } }, candidatureId: number, status: string) {
  return api().patch(`/v1/api/candidatures/${candidatureId}/status`).set(recruteur.auth).send({ status });
}

describe('Candidatures: applying', () => {
  it('POST /candidatures applies once: counters, history, event candidature.created with its documented data', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r, { titre: 'Comptable' });
    const c = await createCandidat();
    const res = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .send({ offreId, lettreMotivation: 'Bonjour' })
      .expect(200);
    expect(res.body.success).to.equal(true);
    expect(res.body.data).to.include({
      status: 'NEW',
      offreId,
      offreTitre: 'Comptable',
      offreStatus: 'PUBLISHED',
      lettreMotivation: 'Bonjour',
    });
    expect(res.body.data).to.have.all.keys(
      'id',
      'status',
      'dateCandidature',
      'lastActionDate',
      'lettreMotivation',
      'offreId',
      'offreTitre',
      'offreStatus',
      'localisation',
      'contractType',
      'entrepriseId',
      'entrepriseNom',
      'entrepriseLogoUrl',
    );
    const id = res.body.data.id;
    const counters = await expectCountersExact(offreId);
    expect(counters).to.include({ totalCandidatures: 1, nouveaux: 1 });
    const events = await testDb()('domainEvents').where({
      type: 'candidature.created',
      entrepriseId: r.entrepriseId,
    });
    expect(events).to.have.length(1);
    expect(eventData(events[0])).to.deep.equal({
      candidatureId: id,
      offreId,
      candidatId: c.id,
      statut: 'NEW',
    });
    const history = await testDb()('candidatureStatusHistory').where({ candidatureId: id });
    expect(history.map((h) => [h.oldStatus, h.newStatus])).to.deep.equal([[null, 'NEW']]);

    const again = await api().post('/v1/api/candidatures').set(c.auth).send({ offreId }).expect(409);
    expect(again.body.error.code).to.equal('ALREADY_APPLIED');
    expect(again.body.error.message).to.equal('Vous avez déjà postulé à cette offre');
    const againEn = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .set('Accept-Language', 'en')
      .send({ offreId })
      .expect(409);
    expect(againEn.body.error.message).to.equal('You have already applied to this offer');
    expect((await expectCountersExact(offreId)).totalCandidatures).to.equal(1);
  });

  it('decides ALREADY_APPLIED by the unique index under a race', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api().post('/v1/api/candidatures').set(c.auth).send({ offreId })),
    );
    expect(results.filter((x) => x.status === 200)).to.have.length(1);
    const refused = results.filter((x) => x.status === 409);
    expect(refused).to.have.length(7);
    for (const x of refused) expect(x.body.error.code).to.equal('ALREADY_APPLIED');
    expect(await expectCountersExact(offreId)).to.include({ totalCandidatures: 1, nouveaux: 1 });
  });

  it('applies in one transaction of at most 9 statements (emails included), answering what the candidate lists afterwards', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r, { titre: 'Magasinier' });
    const c = await createCandidat();
    const sql: string[] = [];
    const listener = (q: { sql: string }) => sql.push(q.sql);
    testDb().on('query', listener);
    let res;
    try {
      res = await api().post('/v1/api/candidatures').set(c.auth).send({ offreId }).expect(200);
    } finally {
      testDb().off('query', listener);
    }
    const begin = sql.findIndex((q) => /^begin/i.test(q));
    const commit = sql.findIndex((q) => /^commit/i.test(q));
    expect(begin, sql.join('\n')).to.be.greaterThan(-1);
    expect(commit - begin - 1, sql.join('\n')).to.be.at.most(9);
    expect(sql.slice(commit + 1), 'nothing after the commit').to.deep.equal([]);
    const listed = await api().get('/v1/api/candidats/me/candidatures').set(c.auth).expect(200);
    expect(listed.body.content).to.deep.equal([res.body.data]);
  });

  it('refuses an offer of a company that is not active (404) and leaves the counters as they were', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    await testDb()('entreprises').where({ id: r.entrepriseId }).update({ status: 'DISABLED' });
    const c = await createCandidat();
    const res = await api().post('/v1/api/candidatures').set(c.auth).send({ offreId }).expect(404);
    expect(res.body.error.code).to.equal('NOT_FOUND');
    expect(await expectCountersExact(offreId)).to.include({ totalCandidatures: 0, nouveaux: 0 });
  });

  it('keeps counters exact when many candidates apply at once', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const candidats = await Promise.all(Array.from({ length: 20 }, () => createCandidat()));
    const results = await Promise.all(
      candidats.map((c) => api().post('/v1/api/candidatures').set(c.auth).send({ offreId })),
    );
    expect(results.map((x) => x.status)).to.deep.equal(Array(20).fill(200));
    expect(await expectCountersExact(offreId)).to.include({ totalCandidatures: 20, nouveaux: 20 });
  });

  it('refuses drafts (404), archived offers and passed deadlines (409), wrong roles (403) and bad bodies (400)', async () => {
    const r = await createRecruteur();
    const c = await createCandidat();
    const draft = await createOffre(r, { status: 'DRAFT' });
    await api().post('/v1/api/candidatures').set(c.auth).send({ offreId: draft }).expect(404);
    await api().post('/v1/api/candidatures').set(c.auth).send({ offreId: 99999999 }).expect(404);
    const archived = await createOffre(r, { status: 'ARCHIVED' });
    const closed = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .send({ offreId: archived })
      .expect(409);
    expect(closed.body.error.code).to.equal('CONFLICT');
    // Why, in the candidate's language, rather than the code's generic words.
    expect(closed.body.error.message).to.equal('Cette offre ne reçoit plus de candidatures');
    expect(closed.body.error.details).to.equal(
      'Cette offre ne reçoit plus de candidatures (offer is ARCHIVED)',
    );
    const expired = await createOffre(r, { deadline: '2020-05-01' });
    const late = await api().post('/v1/api/candidatures').set(c.auth).send({ offreId: expired }).expect(409);
    expect(late.body.error).to.include({
      code: 'CONFLICT',
      message: 'La date limite de cette offre est passée : elle ne reçoit plus de candidatures',
    });
    expect(late.body.error.details).to.equal(
      'La date limite de cette offre est passée : elle ne reçoit plus de candidatures (deadline: 2020-05-01)',
    );
    const lateEn = await api()
      .post('/v1/api/candidatures')
      .set(c.auth)
      .set('Accept-Language', 'en')
      .send({ offreId: expired })
      .expect(409);
    expect(lateEn.body.message).to.equal(
      'The deadline of this offer has passed: it takes no more applications',
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Douala' }).format(new Date());
    const lastDay = await createOffre(r, { deadline: today });
    await api().post('/v1/api/candidatures').set(c.auth).send({ offreId: lastDay }).expect(200);
    const open = await createOffre(r);
    await api().post('/v1/api/candidatures').set(r.auth).send({ offreId: open }).expect(403);
    await api().post('/v1/api/candidatures').send({ offreId: open }).expect(401);
    const bad = await api().post('/v1/api/candidatures').set(c.auth).send({ offreId: 'x' }).expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
    await api().post('/v1/api/candidatures').set(c.auth).send({}).expect(400);
  });
});

describe('Candidatures: the candidate’s side', () => {
  it('GET /candidats/me/candidatures lists own applications, newest first, with offer and company', async () => {
    const r = await createRecruteur();
    const a = await createOffre(r, { titre: 'Offre A' });
    const b = await createOffre(r, { titre: 'Offre B' });
    const c = await createCandidat();
    const other = await createCandidat();
    await applyTo(c, a);
    const second = await applyTo(c, b);
    await applyTo(other, a);
    const res = await api().get('/v1/api/candidats/me/candidatures').set(c.auth).expect(200);
    expect(res.body.page.totalElements).to.equal(2);
    expect(res.body.content[0]).to.include({ id: second, offreTitre: 'Offre B', status: 'NEW' });
    expect(res.body.content[0].entrepriseNom).to.be.a('string');
    const filtered = await api()
      .get('/v1/api/candidats/me/candidatures?status=HIRED')
      .set(c.auth)
      .expect(200);
    expect(filtered.body.content).to.deep.equal([]);
    await api().get('/v1/api/candidats/me/candidatures?sort=secret,asc').set(c.auth).expect(400);
    await api().get('/v1/api/candidats/me/candidatures').set(r.auth).expect(403);
  });

  it('DELETE /candidats/me/candidatures/{id} withdraws while NEW or IN_PROGRESS, counters follow', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c1 = await createCandidat();
    const c2 = await createCandidat();
    const c3 = await createCandidat();
    const k1 = await applyTo(c1, offreId);
    const k2 = await applyTo(c2, offreId);
    const k3 = await applyTo(c3, offreId);
    await setStatus(r, k2, 'IN_PROGRESS').expect(200);
    await setStatus(r, k3, 'IN_PROGRESS').expect(200);
    await setStatus(r, k3, 'TO_MEET').expect(200);
    await api().delete(`/v1/api/candidats/me/candidatures/${k1}`).set(c2.auth).expect(404);
    const res = await api().delete(`/v1/api/candidats/me/candidatures/${k1}`).set(c1.auth).expect(200);
    expect(res.body.data).to.deep.equal({});
    await api().delete(`/v1/api/candidats/me/candidatures/${k2}`).set(c2.auth).expect(200);
    const late = await api().delete(`/v1/api/candidats/me/candidatures/${k3}`).set(c3.auth).expect(409);
    expect(late.body.error.code).to.equal('INVALID_TRANSITION');
    expect(late.body.error.message).to.equal('Une candidature au statut TO_MEET ne peut plus être retirée');
    const lateEn = await api()
      .delete(`/v1/api/candidats/me/candidatures/${k3}`)
      .set(c3.auth)
      .set('Accept-Language', 'en')
      .expect(409);
    expect(lateEn.body.error.message).to.equal('An application in status TO_MEET can no longer be withdrawn');
    expect(await expectCountersExact(offreId)).to.include({
      totalCandidatures: 1,
      arencontrer: 1,
      nouveaux: 0,
      enCours: 0,
    });
    // Withdrawn: the candidate may apply again.
    await applyTo(c1, offreId);
  });

  it('GET /public/offres/{id}/check-applied: token optional', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const anon = await api().get(`/v1/api/public/offres/${offreId}/check-applied`).expect(200);
    expect(anon.body.data).to.deep.equal({ hasApplied: false });
    expect(
      (await api().get(`/v1/api/public/offres/${offreId}/check-applied`).set(c.auth).expect(200)).body.data
        .hasApplied,
    ).to.equal(false);
    await applyTo(c, offreId);
    expect(
      (await api().get(`/v1/api/public/offres/${offreId}/check-applied`).set(c.auth).expect(200)).body.data,
    ).to.deep.equal({ hasApplied: true });
    expect(
      (await api().get(`/v1/api/public/offres/${offreId}/check-applied`).set(r.auth).expect(200)).body.data
        .hasApplied,
    ).to.equal(false);
    const draft = await createOffre(r, { status: 'DRAFT' });
    await api().get(`/v1/api/public/offres/${draft}/check-applied`).expect(404);
    await api().get('/v1/api/public/offres/abc/check-applied').expect(400);
  });
});

describe('Candidatures: the recruiter’s pipeline', () => {
  it('GET /offres/{id}/candidatures returns every field of the Application list item, with a status filter', async () => {
    const r = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: r.entrepriseId });
    const offreId = await createOffre(r, { titre: 'Juriste' });
    const c = await createCandidat({ nom: 'Ebongue', prenom: 'Marie' });
    const douala = await testDb()('villes').where({ slug: 'douala' }).first('id');
    await testDb()('candidates')
      .where({ id: c.id })
      .update({ jobTitle: 'Juriste', villeId: douala.id, availability: 'IMMEDIATE' });
    const other = await createCandidat();
    const k1 = await applyTo(c, offreId);
    const k2 = await applyTo(other, offreId);
    await setStatus(r, k2, 'REJECTED').expect(200);
    const res = await api().get(`/v1/api/offres/${offreId}/candidatures`).set(member.auth).expect(200);
    expect(res.body.success).to.equal(true);
    const items = res.body.data;
    expect(items.map((i: { id: number }) => i.id)).to.deep.equal([k2, k1]);
    const item = items[1];
    expect(item).to.have.all.keys(...APPLICATION_ITEM_KEYS);
    expect(item).to.include({
      status: 'NEW',
      candidatId: c.id,
      candidatNom: 'Ebongue',
      candidatPrenom: 'Marie',
      candidatEmail: c.email,
      candidatJobTitle: 'Juriste',
      candidatCity: 'Douala',
      candidatCountry: 'Cameroun',
      candidatAvailability: 'IMMEDIATE',
      candidatTelephone: '+237690000000',
      candidatPhotoUrl: null,
      hasCv: false,
      offreEmploiId: offreId,
      offreTitre: 'Juriste',
      entrepriseLogoUrl: null,
    });
    const rejected = await api()
      .get(`/v1/api/offres/${offreId}/candidatures?status=REJECTED`)
      .set(r.auth)
      .expect(200);
    expect(rejected.body.data.map((i: { id: number }) => i.id)).to.deep.equal([k2]);
    await api().get(`/v1/api/offres/${offreId}/candidatures?status=MAYBE`).set(r.auth).expect(400);
    await api()
      .get(`/v1/api/offres/${offreId}/candidatures`)
      .set((await createRecruteur()).auth)
      .expect(404);
    await api().get(`/v1/api/offres/${offreId}/candidatures`).set(c.auth).expect(403);
  });

  it('shows anonymised applications with null candidate fields', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const id = await applyTo(c, offreId);
    await testDb()('candidatures').where({ id }).update({ candidatId: null, anonymized: true });
    const res = await api().get(`/v1/api/offres/${offreId}/candidatures`).set(r.auth).expect(200);
    const item = res.body.data[0];
    for (const key of APPLICATION_ITEM_KEYS.filter((k) => k.startsWith('candidat')))
      expect(item[key], key).to.equal(null);
    expect(item.hasCv).to.equal(false);
  });

  it('GET /candidatures/{id}: the candidate or the company’s recruiters; 404 for others', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const id = await applyTo(c, offreId);
    const mine = await api().get(`/v1/api/candidatures/${id}`).set(c.auth).expect(200);
    expect(mine.body.data).to.have.all.keys(...APPLICATION_ITEM_KEYS, 'lettreMotivation', 'statusHistory');
    expect(mine.body.data.statusHistory).to.have.length(1);
    await api().get(`/v1/api/candidatures/${id}`).set(r.auth).expect(200);
    await api()
      .get(`/v1/api/candidatures/${id}`)
      .set((await createCandidat()).auth)
      .expect(404);
    await api()
      .get(`/v1/api/candidatures/${id}`)
      .set((await createRecruteur()).auth)
      .expect(404);
    await api()
      .get(`/v1/api/candidatures/${id}`)
      .set((await createAdmin()).auth)
      .expect(403);
    await api().get(`/v1/api/candidatures/${id}`).expect(401);
  });

  it('PATCH /candidatures/{id}/status walks the pipeline, writes history and events, keeps counters', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const id = await applyTo(c, offreId);
    for (const status of ['IN_PROGRESS', 'TO_MEET', 'MET']) {
      const res = await setStatus(r, id, status).expect(200);
      expect(res.body.data.status).to.equal(status);
      await expectCountersExact(offreId);
    }
    const hired = await api()
      .patch(`/v1/api/candidatures/${id}/status`)
      .set(r.auth)
      .send({ status: 'HIRED', reason: 'Excellent entretien' })
      .expect(200);
    expect(hired.body.data.statusHistory.map((h: { newStatus: string }) => h.newStatus)).to.deep.equal([
      'NEW',
      'IN_PROGRESS',
      'TO_MEET',
      'MET',
      'HIRED',
    ]);
    expect(hired.body.data.statusHistory[4].reason).to.equal('Excellent entretien');
    expect(await expectCountersExact(offreId)).to.include({ embauches: 1, totalCandidatures: 1 });
    const changes = await testDb()('domainEvents')
      .where({ type: 'candidature.status_changed', entrepriseId: r.entrepriseId })
      .orderBy('id');
    expect(changes).to.have.length(4);
    expect(eventData(changes[0])).to.deep.equal({
      candidatureId: id,
      offreId,
      candidatId: c.id,
      oldStatus: 'NEW',
      newStatus: 'IN_PROGRESS',
    });
    const hiredEvents = await testDb()('domainEvents').where({
      type: 'candidat.hired',
      entrepriseId: r.entrepriseId,
    });
    expect(hiredEvents).to.have.length(1);
    expect(eventData(hiredEvents[0])).to.include({ candidatureId: id, offreId, candidatId: c.id });
    const final = await setStatus(r, id, 'REJECTED').expect(409);
    expect(final.body.error.code).to.equal('INVALID_TRANSITION');
  });

  it('refuses skipping steps, going back, and moves out of final states (409); bad status 400; other company 404', async () => {
    const r = await createRecruteur();
    const offreId = await createOffre(r);
    const a = await applyTo(await createCandidat(), offreId);
    const b = await applyTo(await createCandidat(), offreId);
    for (const status of ['TO_MEET', 'MET', 'HIRED', 'NEW']) {
      const res = await setStatus(r, a, status).expect(409);
      expect(res.body.error.code).to.equal('INVALID_TRANSITION');
    }
    await setStatus(r, a, 'IN_PROGRESS').expect(200);
    const back = await setStatus(r, a, 'NEW').expect(409);
    expect(back.body.error.message).to.equal('Une candidature ne peut pas passer de IN_PROGRESS à NEW');
    expect(back.body.error.details).to.equal('Une candidature ne peut pas passer de IN_PROGRESS à NEW');
    const backEn = await setStatus(r, a, 'NEW').set('Accept-Language', 'en').expect(409);
    expect(backEn.body.error.message).to.equal('An application cannot move from IN_PROGRESS to NEW');
    await setStatus(r, a, 'REJECTED').expect(200);
    await setStatus(r, a, 'IN_PROGRESS').expect(409);
    const bad = await setStatus(r, b, 'ACCEPTED').expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
    await setStatus(await createRecruteur(), b, 'IN_PROGRESS').expect(404);
    await setStatus(await createCandidat(), b, 'IN_PROGRESS').expect(403);
    await setStatus(
      await createRecruteur({ entrepriseId: r.entrepriseId, status: 'SUSPENDED' }),
      b,
      'IN_PROGRESS',
    ).expect(403);
    expect(await expectCountersExact(offreId)).to.include({ refuses: 1, nouveaux: 1 });
  });

  it('keeps counters exact under 50 concurrent status changes', async function () {
    // 25 candidates, 25 applications and 50 moves, each queuing its emails: slow on a loaded 2-core machine.
    this.timeout(180000);
    const r = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: r.entrepriseId });
    const offreId = await createOffre(r);
    const candidats = await Promise.all(Array.from({ length: 25 }, () => createCandidat()));
    const ids = await Promise.all(candidats.map((c) => applyTo(c, offreId)));
    // Two conflicting moves per application at once (50 requests): exactly one of each pair may win.
    const moves = ids.flatMap((id, i) => [
      setStatus(r, id, i % 3 === 0 ? 'REJECTED' : 'IN_PROGRESS'),
      setStatus(member, id, i % 2 === 0 ? 'REJECTED' : 'IN_PROGRESS'),
    ]);
    const results = await Promise.all(moves);
    for (const x of results) expect([200, 409]).to.include(x.status);
    for (let i = 0; i < ids.length; i++) {
      const pair = [results[2 * i].status, results[2 * i + 1].status];
      // IN_PROGRESS then REJECTED are both valid in sequence; any other pair lets exactly one win.
      expect(pair.filter((s) => s === 200).length, `application ${i}`).to.be.within(1, 2);
    }
    const counters = await expectCountersExact(offreId);
    expect(counters.totalCandidatures).to.equal(25);
    expect(counters.nouveaux).to.equal(0);
    const history = await testDb()('candidatureStatusHistory')
      .whereIn('candidatureId', ids)
      .whereNot('newStatus', 'NEW')
      .count({ n: '*' })
      .first();
    expect(history!.n).to.equal(results.filter((x) => x.status === 200).length);
    // A second wave on the same applications, all at once.
    const wave = await Promise.all(ids.map((id) => setStatus(member, id, 'TO_MEET')));
    const rows = await testDb()('candidatures').whereIn('id', ids).select('id', 'status');
    expect(wave.filter((x) => x.status === 200).length).to.equal(
      rows.filter((x) => x.status === 'TO_MEET').length,
    );
    await expectCountersExact(offreId);
  });
});

describe('Candidatures: notes', () => {
  it('POST and GET /candidatures/{id}/notes: documented note shape, company recruiters only', async () => {
    const r = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: r.entrepriseId });
    const offreId = await createOffre(r);
    const c = await createCandidat();
    const id = await applyTo(c, offreId);
    const res = await api()
      .post(`/v1/api/candidatures/${id}/notes`)
      .set(r.auth)
      .send({ content: 'Très bon profil' })
      .expect(200);
    expect(res.body.data).to.have.all.keys(
      'id',
      'content',
      'createdAt',
      'recruteurId',
      'recruteurNom',
      'recruteurPrenom',
    );
    expect(res.body.data).to.include({
      content: 'Très bon profil',
      recruteurId: r.id,
      recruteurNom: 'Nkoulou',
      recruteurPrenom: 'Paul',
    });
    await api()
      .post(`/v1/api/candidatures/${id}/notes`)
      .set(member.auth)
      .send({ content: 'À rappeler' })
      .expect(200);
    const list = await api().get(`/v1/api/candidatures/${id}/notes`).set(r.auth).expect(200);
    expect(list.body.data.map((n: { content: string }) => n.content)).to.deep.equal([
      'À rappeler',
      'Très bon profil',
    ]);
    const empty = await api()
      .post(`/v1/api/candidatures/${id}/notes`)
      .set(r.auth)
      .send({ content: '' })
      .expect(400);
    expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
    await api().post(`/v1/api/candidatures/${id}/notes`).set(r.auth).send({ content: '   ' }).expect(400);
    await api()
      .get(`/v1/api/candidatures/${id}/notes`)
      .set((await createRecruteur()).auth)
      .expect(404);
    await api()
      .post(`/v1/api/candidatures/${id}/notes`)
      .set((await createRecruteur()).auth)
      .send({ content: 'x' })
      .expect(404);
    await api().get(`/v1/api/candidatures/${id}/notes`).set(c.auth).expect(403);
  });
});
