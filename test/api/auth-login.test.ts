import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { DEFAULT_PASSWORD, createAdmin, createCandidat, createRecruteur } from '../helpers/factories.ts';

const login = (email: string, password = DEFAULT_PASSWORD) =>
  agent().post('/v1/api/auth/login').send({ email, password });

describe('POST /auth/login', () => {
  it('answers the bare token shape and records the login time', async () => {
    const candidat = await createCandidat();
    const res = await login(`  ${candidat.email.toUpperCase()} `).expect(200);
    expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'tokenType', 'expiresIn');
    expect(res.body).to.include({ tokenType: 'Bearer', expiresIn: 900 });
    const account = await testDb()('accounts').where({ id: candidat.id }).first('lastLoginAt');
    expect(account.lastLoginAt).to.be.instanceOf(Date);
    const tokens = await testDb()('authTokens').where({ accountId: candidat.id }).whereNull('revokedAt');
    expect(tokens.map((t) => t.type)).to.include.members(['ACCESS', 'REFRESH']);
  });

  it('logs in every role with one route', async () => {
    for (const account of [
      await createAdmin(),
      await createAdmin({ superAdmin: true }),
      await createRecruteur(),
    ]) {
      const res = await login(account.email).expect(200);
      const payload = JSON.parse(Buffer.from(res.body.accessToken.split('.')[1], 'base64url').toString());
      expect(payload).to.include({ sub: String(account.id), role: account.role, typ: 'access' });
    }
  });

  it('gives the same 401 INVALID_CREDENTIALS for a wrong password and an unknown email (enveloped)', async () => {
    const candidat = await createCandidat();
    const wrong = await login(candidat.email, 'mauvais-mot-de-passe').expect(401);
    const unknown = await login(uniqueEmail('nobody'), 'mauvais-mot-de-passe').expect(401);
    for (const res of [wrong, unknown]) {
      expect(res.body).to.include({ success: false, data: null });
      expect(res.body.error.code).to.equal('INVALID_CREDENTIALS');
    }
    expect(wrong.body.error.message).to.equal(unknown.body.error.message);
    expect(wrong.body.error.message).to.equal('Email ou mot de passe incorrect');
    const en = await agent()
      .post('/v1/api/auth/login')
      .set('Accept-Language', 'en')
      .send({ email: candidat.email, password: 'mauvais-mot-de-passe' })
      .expect(401);
    expect(en.body.error.message).to.equal('Invalid email or password');
  });

  it('refuses an unverified email: 403 EMAIL_NOT_VERIFIED', async () => {
    const candidat = await createCandidat({ verified: false });
    const res = await login(candidat.email).expect(403);
    expect(res.body.error.code).to.equal('EMAIL_NOT_VERIFIED');
    expect(res.body.error.message).to.equal('Validez d’abord votre adresse email');
  });

  it('refuses a disabled account: 403 ACCOUNT_NOT_ACTIVE', async () => {
    const candidat = await createCandidat({ enabled: false });
    const res = await login(candidat.email).expect(403);
    expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
  });

  it('does not reveal the standing of an account to a wrong password', async () => {
    const candidat = await createCandidat({ enabled: false });
    const res = await login(candidat.email, 'mauvais-mot-de-passe').expect(401);
    expect(res.body.error.code).to.equal('INVALID_CREDENTIALS');
  });

  for (const status of ['SUSPENDED', 'REJECTED'] as const) {
    it(`refuses a ${status} recruiter: 403 ACCOUNT_NOT_ACTIVE`, async () => {
      const recruteur = await createRecruteur({ status });
      const res = await login(recruteur.email).expect(403);
      expect(res.body.error.code).to.equal('ACCOUNT_NOT_ACTIVE');
      expect(res.body.error.details).to.equal(`Ce compte recruteur n’est pas actif (status: ${status})`);
      const en = await agent()
        .post('/v1/api/auth/login')
        .set('Accept-Language', 'en')
        .send({ email: recruteur.email, password: DEFAULT_PASSWORD })
        .expect(403);
      expect(en.body.error.details).to.equal(`This recruiter account is not active (status: ${status})`);
    });
  }

  for (const status of ['PENDING_DOCS', 'PENDING_APPROVAL'] as const) {
    it(`lets a ${status} recruiter log in (to upload documents) and see its status`, async () => {
      const recruteur = await createRecruteur({ status });
      const res = await login(recruteur.email).expect(200);
      const me = await agent()
        .get('/v1/api/recruiters/me')
        .set('Authorization', `Bearer ${res.body.accessToken}`)
        .expect(200);
      expect(me.body.data.status).to.equal(status);
    });
  }

  it('validates the body: 400 VALIDATION_ERROR', async () => {
    const res = await agent().post('/v1/api/auth/login').send({ email: 'a@b.cm' }).expect(400);
    expect(res.body.error.code).to.equal('VALIDATION_ERROR');
    expect(res.body.error.details).to.contain('password');
  });
});

describe('GET /recruiters/me', () => {
  it('returns the signed-in recruiter with its company role', async () => {
    const recruteur = await createRecruteur();
    const res = await agent().get('/v1/api/recruiters/me').set(recruteur.auth).expect(200);
    expect(res.body.data).to.deep.equal({
      id: recruteur.id,
      nom: 'Nkoulou',
      prenom: 'Paul',
      email: recruteur.email,
      telephone: '+237677000000',
      posteOccupe: 'DRH',
      langue: 'fr',
      status: 'ACTIVE',
      role: 'OWNER',
      entrepriseId: recruteur.entrepriseId,
      notificationsCandidatures: 'IMMEDIATE',
    });
  });

  it('is for recruiters only: 401 without a token, 403 for a candidate', async () => {
    const candidat = await createCandidat();
    const anonymous = await agent().get('/v1/api/recruiters/me').expect(401);
    expect(anonymous.body.error.code).to.equal('TOKEN_MISSING');
    await agent().get('/v1/api/recruiters/me').set(candidat.auth).expect(403);
  });
});
