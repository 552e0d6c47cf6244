import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { ManualClock } from '../../lib/clock.ts';
import { DEFAULT_PASSWORD, createCandidat, createRecruteur, tokensFor } from '../helpers/factories.ts';
import { emailedToken } from '../helpers/auth-factories.ts';

const forgot = (email: string, api = agent()) => api.post('/v1/api/auth/forgot-password').send({ email });
const reset = (token: string, newPassword: string, api = agent()) =>
  api.post('/v1/api/auth/reset-password').send({ token, newPassword });
const login = (email: string, password: string) =>
  agent().post('/v1/api/auth/login').send({ email, password });

describe('Password reset', () => {
  it('answers the same whether or not the email has an account, and emails only real accounts', async () => {
    const candidat = await createCandidat();
    const unknown = uniqueEmail('nobody');
    const known = await forgot(candidat.email.toUpperCase()).expect(200);
    const notKnown = await forgot(unknown).expect(200);
    expect(known.body.data).to.deep.equal({});
    expect(known.body.message).to.equal(notKnown.body.message);
    const mail = await testDb()('outboundEmails')
      .where({ toAddress: candidat.email, template: 'password-reset' })
      .first();
    expect(mail.subject).to.equal('Réinitialisation de votre mot de passe');
    expect(mail.textBody).to.contain('/v1/api/auth/reset-password?token=');
    expect(mail.textBody).to.contain('Bonjour Aline');
    expect(await testDb()('outboundEmails').where({ toAddress: unknown })).to.have.length(0);
    const token = await testDb()('oneTimeTokens')
      .where({ accountId: candidat.id, purpose: 'PASSWORD_RESET' })
      .first();
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).to.equal(3600 * 1000);
  });

  it('resets the password, revokes every existing token, and the token works once', async () => {
    const recruteur = await createRecruteur();
    const otherSession = await tokensFor({ id: recruteur.id, email: recruteur.email, role: 'RECRUTEUR' });
    await forgot(recruteur.email).expect(200);
    const token = await emailedToken(recruteur.email, 'password-reset');

    const res = await reset(token, 'Nouveau-Secret-2026').expect(200);
    expect(res.body).to.include({ success: true });
    expect(res.body.data).to.deep.equal({});

    await agent().get('/v1/api/recruiters/me').set(recruteur.auth).expect(401);
    await agent().get('/v1/api/recruiters/me').set(otherSession.auth).expect(401);
    await agent()
      .post('/v1/api/auth/refresh-token')
      .send({ refreshToken: recruteur.refreshToken })
      .expect(401);

    const old = await login(recruteur.email, DEFAULT_PASSWORD).expect(401);
    expect(old.body.error.code).to.equal('INVALID_CREDENTIALS');
    await login(recruteur.email, 'Nouveau-Secret-2026').expect(200);

    const again = await reset(token, 'Encore-un-autre-1').expect(400);
    expect(again.body.error.code).to.equal('INVALID_TOKEN');
  });

  it('keeps only the newest reset link valid', async () => {
    const candidat = await createCandidat();
    await forgot(candidat.email).expect(200);
    const first = await emailedToken(candidat.email, 'password-reset');
    await forgot(candidat.email).expect(200);
    const second = await emailedToken(candidat.email, 'password-reset');
    expect(second).not.to.equal(first);
    await reset(first, 'Nouveau-Secret-2026').expect(400);
    await reset(second, 'Nouveau-Secret-2026').expect(200);
  });

  it('refuses a token older than one hour', async () => {
    const clock = new ManualClock();
    const api = agent({ clock });
    const candidat = await createCandidat();
    await forgot(candidat.email, api).expect(200);
    const token = await emailedToken(candidat.email, 'password-reset');
    clock.advance(3600 * 1000 + 1000);
    const res = await reset(token, 'Nouveau-Secret-2026', api).expect(400);
    expect(res.body.error.code).to.equal('INVALID_TOKEN');
    expect(res.body.error.message).to.equal('Lien invalide ou expiré');
    const en = await reset(token, 'Nouveau-Secret-2026', api).set('Accept-Language', 'en').expect(400);
    expect(en.body.error.message).to.equal('Invalid or expired token');
  });

  it('validates input: short password and missing token are 400 VALIDATION_ERROR', async () => {
    const short = await reset('whatever', 'court').expect(400);
    expect(short.body.error.code).to.equal('VALIDATION_ERROR');
    expect(short.body.error.details).to.contain('newPassword');
    const missing = await agent()
      .post('/v1/api/auth/reset-password')
      .send({ newPassword: 'Nouveau-Secret-2026' })
      .expect(400);
    expect(missing.body.error.details).to.contain('token');
    const noEmail = await agent().post('/v1/api/auth/forgot-password').send({}).expect(400);
    expect(noEmail.body.error.code).to.equal('VALIDATION_ERROR');
  });
});
