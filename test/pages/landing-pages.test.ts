/**
 * The landing pages of emailed links without FRONTEND_URL: the links of the emails point to them
 * (never to JSON), they do the link's work and say so in the account's language, and say why when
 * they cannot (unknown, expired, used link). The alert unsubscribe page changes nothing until its
 * button is posted. With FRONTEND_URL the same emails link to the frontend.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { PASSWORD } from '../helpers/auth-factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { createAlertRow } from '../helpers/alert-factories.ts';
import { formsOf, visibleText } from '../helpers/html-forms.ts';

const pages = () => agent({ config: { frontendUrl: null } });

/** The first link of the newest email of `template` to `to` (its text part), as a path and query. */
async function emailedLink(to: string, template: string): Promise<URL> {
  const row = (await testDb()('outboundEmails')
    .where({ toAddress: to, template })
    .orderBy('id', 'desc')
    .first('textBody')) as { textBody: string } | undefined;
  expect(row, `no ${template} email to ${to}`).to.not.equal(undefined);
  return new URL(/https?:\/\/\S+token=\S+/.exec(row!.textBody)![0]);
}

async function registerCandidat(lang: 'fr' | 'en'): Promise<string> {
  const email = uniqueEmail('landing');
  await pages()
    .post('/v1/api/candidates/register')
    .set('Accept-Language', lang)
    .send({ email, password: PASSWORD, nom: 'Mbarga', prenom: 'Alice', telephone: '+237690112233' })
    .expect(200);
  return email;
}

const expectPrivateHtml = (res: { headers: Record<string, string> }) => {
  expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
  expect(res.headers['cache-control']).to.equal('no-store');
  expect(res.headers['referrer-policy']).to.equal('no-referrer');
};

describe('Pages: landing pages of emailed links (no FRONTEND_URL)', function () {
  this.timeout(60_000);

  it('the validation link opens a page that validates the address, then says it is done already', async () => {
    const email = await registerCandidat('fr');
    const link = await emailedLink(email, 'email-validation');
    expect(link.pathname).to.equal('/email/validation');
    const res = await pages().get(`${link.pathname}${link.search}`).expect(200);
    expectPrivateHtml(res);
    expect(visibleText(res.text)).to.contain('Adresse email validée');
    const account = (await testDb()('accounts').where({ email }).first('emailVerifiedAt')) as {
      emailVerifiedAt: Date | null;
    };
    expect(account.emailVerifiedAt).to.be.instanceOf(Date);
    const again = await pages().get(`${link.pathname}${link.search}`).expect(200);
    expect(visibleText(again.text)).to.contain('Votre adresse email est déjà validée');
  });

  it('speaks the account’s language, whatever the browser asks', async () => {
    const email = await registerCandidat('en');
    const link = await emailedLink(email, 'email-validation');
    const res = await pages().get(`${link.pathname}${link.search}`).set('Accept-Language', 'fr').expect(200);
    expect(res.headers['content-language']).to.equal('en');
    expect(visibleText(res.text)).to.contain('Email address confirmed');
  });

  it('says why a link does not work: unknown (404), expired (410)', async () => {
    const unknown = await pages().get('/email/validation').query({ token: 'pas-un-jeton' }).expect(404);
    expectPrivateHtml(unknown);
    expect(visibleText(unknown.text)).to.contain('Lien inconnu');
    const none = await pages().get('/email/validation').set('Accept-Language', 'en').expect(404);
    expect(visibleText(none.text)).to.contain('Unknown link');

    const email = await registerCandidat('fr');
    const link = await emailedLink(email, 'email-validation');
    const account = (await testDb()('accounts').where({ email }).first('id')) as { id: number };
    await testDb()('oneTimeTokens')
      .where({ accountId: account.id, purpose: 'EMAIL_VALIDATION' })
      .update({ expiresAt: new Date(Date.now() - 60_000) });
    const expired = await pages().get(`${link.pathname}${link.search}`).expect(410);
    expect(visibleText(expired.text)).to.contain('Lien expiré');
  });

  it('the alert confirmation link confirms the alert in the alert’s language, then says it is on already', async () => {
    const email = uniqueEmail('alerte');
    await pages()
      .post('/v1/api/public/alertes')
      .set('Accept-Language', 'en')
      .send({ email, keywords: 'comptable' })
      .expect(200);
    const link = await emailedLink(email, 'job-alert-confirmation');
    expect(link.pathname).to.equal('/alertes/confirmation');
    const res = await pages().get(`${link.pathname}${link.search}`).expect(200);
    expectPrivateHtml(res);
    expect(visibleText(res.text)).to.contain('Job alert confirmed').and.contain('“comptable”');
    const row = (await testDb()('jobAlerts').where({ email }).first('confirmedAt')) as {
      confirmedAt: Date | null;
    };
    expect(row.confirmedAt).to.be.instanceOf(Date);
    const again = await pages().get(`${link.pathname}${link.search}`).expect(200);
    expect(visibleText(again.text)).to.contain('Alert already confirmed');
    await pages().get('/alertes/confirmation').query({ token: 'inconnu' }).expect(404);
  });

  it('the unsubscribe page changes nothing; its button posts the change; an unknown token is an HTML 404', async () => {
    const alert = await createAlertRow({ keywords: 'chauffeur <b>poids lourd</b>', createdAt: new Date() });
    const path = `/alertes/desinscription?token=${encodeURIComponent(alert.unsubscribeToken)}`;
    const page = await pages().get(path).expect(200);
    expectPrivateHtml(page);
    expect(visibleText(page.text)).to.contain(
      'Ne plus recevoir l’alerte emploi « chauffeur <b>poids lourd</b> » ?',
    );
    const isActive = async () =>
      Boolean(
        ((await testDb()('jobAlerts').where({ id: alert.id }).first('active')) as { active: unknown }).active,
      );
    expect(await isActive()).to.equal(true);
    const [form] = formsOf(page.text, `http://localhost:3000${path}`);
    expect(form).to.deep.include({
      method: 'post',
      action: `/v1/api/alertes/unsubscribe/form?token=${encodeURIComponent(alert.unsubscribeToken)}`,
    });
    const done = await pages().post(form!.action).type('form').send('').expect(200);
    expect(visibleText(done.text)).to.contain('C’est fait');
    expect(await isActive()).to.equal(false);
    const after = await pages().get(path).expect(200);
    expect(visibleText(after.text)).to.contain('est déjà désactivée');
    expect(formsOf(after.text, 'http://localhost:3000/')).to.deep.equal([]);

    const unknown = await pages().get('/alertes/desinscription?token=inconnu').expect(404);
    expect(unknown.headers['content-type']).to.equal('text/html; charset=utf-8');
  });

  it('with FRONTEND_URL, the emails link to the frontend', async () => {
    const email = uniqueEmail('front');
    await agent({ config: { frontendUrl: 'https://emploi.example.cm' } })
      .post('/v1/api/public/alertes')
      .send({ email, keywords: 'infirmier' })
      .expect(200);
    const link = await emailedLink(email, 'job-alert-confirmation');
    expect(`${link.origin}${link.pathname}`).to.equal('https://emploi.example.cm/alertes/confirm');
  });
});
