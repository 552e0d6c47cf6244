import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb, testStorage } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { addToVivier, applyTo, uploadAs } from '../helpers/profile-factories.ts';
import { pdfBuffer, pngBuffer } from '../helpers/file-fixtures.ts';

const COUNTERS = [
  'totalCandidatures',
  'nouveaux',
  'enCours',
  'rencontres',
  'refuses',
  'embauches',
  'arencontrer',
];

describe('DELETE /candidates/profile/account (account deleted permanently)', () => {
  it('deletes the personal data, anonymises applications without touching the offer counters, and kills every token', async () => {
    const db = testDb();
    const recruteur = await createRecruteur();
    const offreId = await createOffre(recruteur);
    const c = await createCandidat({ profilPublic: true });
    const candidatureId = await applyTo(c.id, offreId, 'Lettre très personnelle');
    await db('savedJobs').insert({ candidatId: c.id, offreId });
    await db('smsPhones').insert({
      candidatId: c.id,
      phone: '+237690000002',
      enabled: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await db('smsMessages').insert({
      toNumber: '+237690000002',
      body: 'Alerte',
      kind: 'alert',
      candidatId: c.id,
      localDay: '2026-11-26',
      nextAttemptAt: new Date(),
      createdAt: new Date(),
    });
    await db('jobAlerts').insert({
      candidatId: c.id,
      email: c.email,
      keywords: 'comptable',
      unsubscribeToken: `t${c.id}`,
    });
    const vivierEntry = await addToVivier(recruteur.entrepriseId, c);
    const cv = await uploadAs(c.auth, '/candidats/me/cv', { data: pdfBuffer(), name: 'cv.pdf' });
    const photo = await uploadAs(c.auth, '/candidats/me/photo', { data: await pngBuffer(), name: 'moi.png' });
    const fileIds = [cv.body.data.cvUrl, photo.body.data.photoUrl].map((u: string) =>
      Number(u.split('/').pop()),
    );
    const keys = (
      (await db('files').whereIn('id', fileIds).select('storageKey')) as { storageKey: string }[]
    ).map((f) => f.storageKey);
    const storage = testStorage();
    for (const k of keys) expect(await storage.exists(k)).to.equal(true);
    const countersBefore = await db('offres').where({ id: offreId }).first(COUNTERS);

    const res = await agent()
      .delete('/v1/api/candidates/profile/account')
      .set(c.auth)
      .send({ password: c.password, reason: 'Je ne cherche plus' })
      .expect(200);
    expect(res.body).to.include({ success: true, error: null });
    expect(res.body.data).to.deep.equal({});

    expect(await db('accounts').where({ id: c.id }).first()).to.equal(undefined);
    expect(await db('accounts').where({ email: c.email }).first()).to.equal(undefined);
    expect(await db('candidates').where({ id: c.id }).first()).to.equal(undefined);
    const candidature = await db('candidatures').where({ id: candidatureId }).first();
    expect(candidature).to.include({
      candidatId: null,
      anonymized: true,
      lettreMotivation: null,
      status: 'NEW',
    });
    expect(await db('offres').where({ id: offreId }).first(COUNTERS)).to.deep.equal(countersBefore);
    expect(await db('savedJobs').where({ candidatId: c.id }).first()).to.equal(undefined);
    expect(await db('smsPhones').where({ candidatId: c.id }).first()).to.equal(undefined);
    expect(await db('smsMessages').where({ toNumber: '+237690000002' }).first()).to.equal(undefined);
    expect(await db('jobAlerts').where({ email: c.email }).first()).to.equal(undefined);
    expect(await db('files').whereIn('id', fileIds).first()).to.equal(undefined);
    for (const k of keys) expect(await storage.exists(k)).to.equal(false);
    expect((await db('vivierCandidats').where({ id: vivierEntry }).first('candidatId')).candidatId).to.equal(
      null,
    );
    expect(await db('authTokens').where({ accountId: c.id }).first()).to.equal(undefined);

    // The token is refused at once, the public profile is gone, the password no longer logs in.
    const refused = await agent().get('/v1/api/candidats/me').set(c.auth).expect(401);
    expect(refused.body.error.code).to.equal('TOKEN_REVOKED');
    await agent().get(`/v1/api/public/candidats/${c.id}`).expect(404);
    await agent()
      .delete('/v1/api/candidates/profile/account')
      .set(c.auth)
      .send({ password: c.password })
      .expect(401);
    const login = await agent().post('/v1/api/auth/login').send({ email: c.email, password: c.password });
    expect(login.status).to.equal(401);

    const audit = await db('auditLogs')
      .where({ action: 'candidate.account_deleted', targetId: String(c.id) })
      .first();
    expect(audit).to.include({ targetType: 'candidate', actorId: String(c.id) });
    expect(JSON.stringify(audit)).not.to.contain(c.email);
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS and deletes nothing', async () => {
    const c = await createCandidat();
    const res = await agent()
      .delete('/v1/api/candidates/profile/account')
      .set(c.auth)
      .send({ password: 'pas-le-bon', reason: 'x' })
      .expect(401);
    expect(res.body.error.code).to.equal('INVALID_CREDENTIALS');
    expect(res.body.error.message).to.equal('Mot de passe incorrect');
    const en = await agent()
      .delete('/v1/api/candidates/profile/account')
      .set(c.auth)
      .set('Accept-Language', 'en')
      .send({ password: 'pas-le-bon', reason: 'x' })
      .expect(401);
    expect(en.body.error.message).to.equal('Wrong password');
    expect(await testDb()('candidates').where({ id: c.id }).first('id')).to.deep.equal({ id: c.id });
    await agent().get('/v1/api/candidats/me').set(c.auth).expect(200);
  });

  it('requires a password (400), a token (401) and the CANDIDAT role (403)', async () => {
    const c = await createCandidat();
    const missing = await agent()
      .delete('/v1/api/candidates/profile/account')
      .set(c.auth)
      .send({ reason: 'x' })
      .expect(400);
    expect(missing.body.error.details).to.contain('password');
    await agent().delete('/v1/api/candidates/profile/account').send({ password: 'x' }).expect(401);
    const r = await createRecruteur();
    await agent()
      .delete('/v1/api/candidates/profile/account')
      .set(r.auth)
      .send({ password: r.password })
      .expect(403);
    expect(await testDb()('accounts').where({ id: r.id }).first('id')).to.deep.equal({ id: r.id });
  });
});
