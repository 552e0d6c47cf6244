/**
 * The reset page works without script: its form is a POST whose body carries the passwords (never
 * a URL), posting it urlencoded sets the new password and answers an HTML page; the token of the
 * address goes into the page escaped.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { formBody, formsOf, visibleText } from '../helpers/html-forms.ts';

const NEW_PASSWORD = 'Sans-Script-2-passe';

async function emailedLink(email: string): Promise<string> {
  await agent().post('/v1/api/auth/forgot-password').send({ email }).expect(200);
  const mail = (await testDb()('outboundEmails')
    .where({ toAddress: email, template: 'password-reset' })
    .orderBy('id', 'desc')
    .first('textBody')) as { textBody: string };
  const link = new URL(/https?:\/\/\S+\/v1\/api\/auth\/reset-password\?token=\S+/.exec(mail.textBody)![0]);
  return `${link.pathname}${link.search}`;
}

const login = (email: string, password: string) =>
  agent().post('/v1/api/auth/login').send({ email, password });

describe('Password reset page without script', () => {
  it('is a POST form; posting it urlencoded sets the new password and answers HTML', async () => {
    const candidat = await createCandidat();
    const pageUrl = await emailedLink(candidat.email);
    const page = await agent().get(pageUrl).expect(200);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    const [form, ...others] = formsOf(page.text, pageUrl);
    expect(others).to.have.length(0);
    expect(form.method).to.equal('post');
    expect(form.fields.map((f) => [f.name, f.type])).to.deep.equal([
      ['token', 'hidden'],
      ['password', 'password'],
      ['confirm', 'password'],
    ]);
    const token = new URL(pageUrl, 'http://x').searchParams.get('token')!;
    expect(form.fields[0].value).to.equal(token);

    const done = await agent()
      .post(form.action)
      .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
      .type('form')
      .send(formBody(form, { password: NEW_PASSWORD, confirm: NEW_PASSWORD }))
      .expect(200);
    expect(form.action).to.not.contain(NEW_PASSWORD);
    expect(done.headers['content-type']).to.match(/^text\/html/);
    expect(done.headers['cache-control']).to.equal('no-store');
    expect(visibleText(done.text)).to.contain('Mot de passe modifié');
    await login(candidat.email, DEFAULT_PASSWORD).expect(401);
    await login(candidat.email, NEW_PASSWORD).expect(200);
  });

  it('refuses two different passwords and a spent token with the JSON error envelope', async () => {
    const candidat = await createCandidat();
    const pageUrl = await emailedLink(candidat.email);
    const [form] = formsOf((await agent().get(pageUrl).expect(200)).text, pageUrl);
    const differ = await agent()
      .post(form.action)
      .type('form')
      .send(formBody(form, { password: NEW_PASSWORD, confirm: `${NEW_PASSWORD}x` }))
      .expect(400);
    expect(differ.body.error.code).to.equal('VALIDATION_ERROR');
    expect(differ.body.error.fields).to.deep.equal([
      { field: 'body.confirm', code: 'mismatch', message: 'Doit être identique au champ password' },
    ]);
    await login(candidat.email, DEFAULT_PASSWORD).expect(200);
    const wrong = await agent()
      .post(form.action)
      .type('form')
      .send(formBody(form, { token: 'not-the-token', password: NEW_PASSWORD, confirm: NEW_PASSWORD }))
      .expect(400);
    expect(wrong.body.error.code).to.equal('INVALID_TOKEN');
  });

  it('writes the token of the address into the page escaped', async () => {
    const hostile = '"><img src=x onerror=alert(1)>';
    const url = `/v1/api/auth/reset-password?token=${encodeURIComponent(hostile)}`;
    const page = await agent().get(url).expect(200);
    expect(page.text).to.not.contain('<img');
    const [form] = formsOf(page.text, url);
    expect(form.fields.find((f) => f.name === 'token')?.value).to.equal(hostile);
  });
});
