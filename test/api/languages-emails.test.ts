/**
 * Accounts carry `langue` (fr by default, from Accept-Language or the body at registration,
 * changeable in the profile), and every email is written in it. Emails are sent for real through
 * the outbox to an SMTP server and read back as a mail client would.
 */
import { expect } from 'chai';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ManualClock } from '../../lib/clock.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { sendOutboxTo } from '../helpers/outbox.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import {
  createAdmin,
  createCandidat,
  createOffre,
  createRecruteur,
  type TestAccount,
} from '../helpers/factories.ts';
import { PASSWORD, emailedToken, login, recruteurRegistration } from '../helpers/auth-factories.ts';
import { createAlertRow, retireAlerts } from '../helpers/alert-factories.ts';
import { uploadAs } from '../helpers/profile-factories.ts';
import { pdfBuffer } from '../helpers/file-fixtures.ts';
import { uniqueWord } from '../helpers/offre-factories.ts';
import { addMemberRow, createVivierRow } from '../helpers/vivier-factories.ts';
import { readEmailHtml, textLink } from '../helpers/email-html.ts';

const HOUR = 3600_000;

describe('Languages: the account’s langue and its emails', function () {
  // The first email of a process compiles the MJML layout: seconds on a loaded machine.
  this.timeout(120_000);
  let smtp: SmtpReceiver;
  let admin: TestAccount;
  let alerts: number[] = [];

  before(async () => {
    smtp = await new SmtpReceiver().start();
    admin = await createAdmin();
  });
  after(() => smtp.stop());
  afterEach(async () => {
    await retireAlerts(alerts);
    alerts = [];
  });

  /** Sends the outbox's emails to `to` through SMTP and returns the newest one received, parsed. */
  async function mailTo(to: string, template: string): Promise<ParsedMail> {
    const row = (await testDb()('outboundEmails')
      .where({ toAddress: to, template })
      .orderBy('id', 'desc')
      .first('status')) as { status: string } | undefined;
    expect(row, `no ${template} email to ${to}`).not.to.equal(undefined);
    await sendOutboxTo(smtp.url, to);
    const raw = smtp.received.filter((m) => m.to.includes(to)).at(-1);
    expect(raw, `nothing received for ${to}`).not.to.equal(undefined);
    return simpleParser(raw!.raw);
  }

  const registerCandidat = (language: string | null, body: Record<string, unknown> = {}) => {
    const req = agent().post('/v1/api/candidates/register');
    if (language) req.set('Accept-Language', language);
    return req.send({
      email: uniqueEmail('langue'),
      password: PASSWORD,
      nom: 'Ngono',
      prenom: 'Aline',
      ...body,
    });
  };

  const langueOf = async (id: number) =>
    ((await testDb()('accounts').where({ id }).first('langue')) as { langue: string }).langue;

  it('registration with Accept-Language: en stores langue en and sends the validation email in English', async () => {
    const res = await registerCandidat('en-GB,en;q=0.9').expect(200);
    expect(res.body.data.langue).to.equal('en');
    expect(await langueOf(res.body.data.id)).to.equal('en');
    const mail = await mailTo(res.body.data.email, 'email-validation');
    expect(mail.subject).to.equal('Confirm your email address');
    expect(mail.text).to.contain('Hello Aline,').and.contain('Confirm my email address: http');
    expect(mail.html).to.contain('Confirm my email address</a>');
    expect(mail.text).not.to.contain('Bonjour');
  });

  it('an unknown or missing language falls back to French; a body langue wins over the header', async () => {
    const de = await registerCandidat('de-DE,de').expect(200);
    expect(de.body.data.langue).to.equal('fr');
    const deMail = await mailTo(de.body.data.email, 'email-validation');
    expect(deMail.subject).to.equal('Confirmez votre adresse email');
    expect(deMail.text).to.contain('Bonjour Aline,');

    const none = await registerCandidat(null).expect(200);
    expect(await langueOf(none.body.data.id)).to.equal('fr');

    const bodyEn = await registerCandidat('fr', { langue: 'en' }).expect(200);
    expect(bodyEn.body.data.langue).to.equal('en');
    const bodyFr = await registerCandidat('en', { langue: 'fr' }).expect(200);
    expect(bodyFr.body.data.langue).to.equal('fr');
    const bad = await registerCandidat('en', { langue: 'de' }).expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');

    const recruteur = await agent()
      .post('/v1/api/recruiters/register')
      .set('Accept-Language', 'en')
      .send(await recruteurRegistration())
      .expect(200);
    expect(recruteur.body.data.langue).to.equal('en');
  });

  it('the profile shows langue and changes it; the reset email then follows the new language', async () => {
    const c = await createCandidat();
    const before = await agent().get('/v1/api/candidats/me').set(c.auth).expect(200);
    expect(before.body.data.langue).to.equal('fr');
    const up = await agent().put('/v1/api/candidats/me').set(c.auth).send({ langue: 'en' }).expect(200);
    expect(up.body.data.langue).to.equal('en');
    expect((await agent().get('/v1/api/candidats/me').set(c.auth).expect(200)).body.data.langue).to.equal(
      'en',
    );
    await agent().put('/v1/api/candidats/me').set(c.auth).send({ langue: 'es' }).expect(400);

    // The request's language does not matter: the email follows the account.
    await agent()
      .post('/v1/api/auth/forgot-password')
      .set('Accept-Language', 'fr')
      .send({ email: c.email })
      .expect(200);
    const mail = await mailTo(c.email, 'password-reset');
    expect(mail.subject).to.equal('Reset your password');
    expect(mail.text)
      .to.contain('You asked to reset your password')
      .and.contain('Choose a new password: http');

    const r = await createRecruteur();
    const me = await agent().get('/v1/api/recruiters/me').set(r.auth).expect(200);
    expect(me.body.data.langue).to.equal('fr');
    const changed = await agent()
      .put('/v1/api/recruiters/me')
      .set(r.auth)
      .send({ langue: 'en', posteOccupe: 'Talent lead', telephone: '699 11 22 33' })
      .expect(200);
    expect(changed.body.data).to.include({
      langue: 'en',
      posteOccupe: 'Talent lead',
      telephone: '+237699112233',
    });
    expect(await langueOf(r.id)).to.equal('en');
    await agent().put('/v1/api/recruiters/me').set(r.auth).send({}).expect(400);
    await agent().put('/v1/api/recruiters/me').set(c.auth).send({ langue: 'fr' }).expect(403);

    const a = await agent()
      .put('/v1/api/admin/account/profile')
      .set(admin.auth)
      .send({ langue: 'en' })
      .expect(200);
    expect(a.body.data.langue).to.equal('en');
  });

  it('a recruiter who speaks English gets the KYC decisions in English', async () => {
    const body = await recruteurRegistration();
    const reg = await agent()
      .post('/v1/api/recruiters/register')
      .set('Accept-Language', 'en')
      .send(body)
      .expect(200);
    const email = body.email as string;
    const validation = await mailTo(email, 'email-validation');
    expect(validation.subject).to.equal('Confirm your email address');
    const token = await emailedToken(email, 'email-validation');
    await agent().get('/v1/api/auth/validate-email').query({ token }).expect(200);
    const tokens = await login(email).expect(200);
    const auth = { Authorization: `Bearer ${tokens.body.accessToken}` };
    const doc = await uploadAs(auth, '/recruiters/me/documents', {
      data: pdfBuffer('RCCM'),
      name: 'rccm.pdf',
      type: 'application/pdf',
    });
    expect(doc.status, JSON.stringify(doc.body)).to.equal(200);

    await agent()
      .post(`/v1/api/admin/recruiters/${reg.body.data.id}/reject`)
      .set(admin.auth)
      .send({ reason: 'Unreadable registration' })
      .expect(200);
    const rejected = await mailTo(email, 'recruiter-rejected');
    expect(rejected.subject).to.equal('Your recruiter account request');
    expect(rejected.text)
      .to.contain('Hello Claire,')
      .and.contain('was not accepted')
      .and.contain('Reason: Unreadable registration');

    await agent()
      .post(`/v1/api/admin/recruiters/${reg.body.data.id}/reactivate`)
      .set(admin.auth)
      .send({})
      .expect(200);
    const reactivated = await mailTo(email, 'recruiter-reactivated');
    expect(reactivated.subject).to.equal('Your recruiter account is active again');
  });

  it('a recruiter approval follows the account’s language, French by default', async () => {
    const body = await recruteurRegistration();
    const reg = await agent().post('/v1/api/recruiters/register').send(body).expect(200);
    const email = body.email as string;
    await agent()
      .get('/v1/api/auth/validate-email')
      .query({ token: await emailedToken(email, 'email-validation') })
      .expect(200);
    const tokens = await login(email).expect(200);
    await uploadAs({ Authorization: `Bearer ${tokens.body.accessToken}` }, '/recruiters/me/documents', {
      data: pdfBuffer('RCCM'),
      name: 'rccm.pdf',
      type: 'application/pdf',
    });
    await agent()
      .post(`/v1/api/admin/recruiters/${reg.body.data.id}/approve`)
      .set(admin.auth)
      .set('Accept-Language', 'en')
      .send({})
      .expect(200);
    const mail = await mailTo(email, 'recruiter-approved');
    expect(mail.subject).to.equal('Votre compte recruteur est validé');
    expect(mail.text).to.contain('Bonjour Claire,');
  });

  it('a public alert asked in English is confirmed and sent in English; a candidate’s alert follows the account', async () => {
    const email = uniqueEmail('alerte-en');
    const keyword = uniqueWord('tonnelier');
    await agent()
      .post('/v1/api/public/alertes')
      .set('Accept-Language', 'en')
      .send({ email, keywords: keyword })
      .expect(200);
    const alert = (await testDb()('jobAlerts').where({ email }).first('id', 'langue')) as {
      id: number;
      langue: string;
    };
    alerts.push(alert.id);
    expect(alert.langue).to.equal('en');
    const confirmation = await mailTo(email, 'job-alert-confirmation');
    expect(confirmation.subject).to.equal('Confirm your job alert');
    expect(confirmation.text).to.contain(`new job offers matching “${keyword}”`);
    await agent()
      .get('/v1/api/public/alertes/confirm')
      .query({ token: await emailedToken(email, 'job-alert-confirmation') })
      .expect(200);

    // A past timeline of its own, so no other test's alert or offer takes part in this run.
    const t0 = new Date('2021-02-01T06:00:00Z');
    await testDb()('jobAlerts').where({ id: alert.id }).update({ createdAt: t0, lastMatchedAt: t0 });
    const candidat = await createCandidat();
    await agent().put('/v1/api/candidats/me').set(candidat.auth).send({ langue: 'en' }).expect(200);
    const own = await createAlertRow({
      keywords: keyword,
      email: candidat.email,
      candidatId: candidat.id,
      createdAt: t0,
    });
    alerts.push(own.id);
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    await createOffre(recruteur, { titre: `Maître ${keyword}`, publishedAt: new Date(t0.getTime() + HOUR) });
    await runAlertMatching(
      domainCtx(undefined, { clock: new ManualClock(new Date(t0.getTime() + 24 * HOUR)) }),
    );

    for (const to of [email, candidat.email]) {
      const digest = await mailTo(to, 'job-alert');
      expect(digest.subject).to.equal(`1 new offer: ${keyword}`);
      expect(digest.text)
        .to.contain(`1 new offer for your alert “${keyword}”:`)
        .and.contain(`Maître ${keyword}`)
        .and.contain('Stop this alert: http');
      const html = readEmailHtml(digest.html || '');
      expect(html.lang).to.equal('en');
      expect(html.links.find((l) => l.label === 'Stop this alert')?.href).to.equal(
        textLink(digest.text ?? '', 'Stop this alert'),
      );
      expect(html.links.map((l) => l.label))
        .to.include(`Maître ${keyword}`)
        .and.include('View the offer');
    }
  });

  it('a pool invitation speaks the language of the address’s account, else the recruiter’s', async () => {
    const r = await createRecruteur({ plan: 'ENTREPRISE' });
    await agent().put('/v1/api/recruiters/me').set(r.auth).send({ langue: 'en' }).expect(200);
    const candidat = await createCandidat();
    const stranger = uniqueEmail('pool-en');
    const vivierId = await createVivierRow(r.entrepriseId);
    await addMemberRow(vivierId, candidat.email, { prenom: 'Aline' });
    await addMemberRow(vivierId, stranger, { prenom: 'Paul' });
    await agent()
      .post(`/v1/api/recruiters/me/viviers/${vivierId}/invite`)
      .set(r.auth)
      .send({ message: 'We are hiring' })
      .expect(200);
    const french = await mailTo(candidat.email, 'vivier-invitation');
    expect(french.text).to.contain('Bonjour Aline,').and.contain('Pour accepter ou refuser');
    const english = await mailTo(stranger, 'vivier-invitation');
    expect(english.subject).to.match(/ invites you$/);
    expect(english.text)
      .to.contain('Hello Paul,')
      .and.contain('To accept or decline being in this talent pool');
    // Both in the shared layout, each in its language, the button the text part's link.
    for (const [mail, lang, answer] of [
      [french, 'fr', 'Accepter ou refuser'],
      [english, 'en', 'Accept or decline'],
    ] as const) {
      const html = readEmailHtml(mail.html || '');
      expect(html.lang).to.equal(lang);
      expect(html.buttons).to.deep.equal([{ href: textLink(mail.text ?? '', answer), label: answer }]);
    }
  });
});
