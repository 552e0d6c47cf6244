/**
 * The opt-out link of a pool invitation email: opening it (as a mail scanner does) changes
 * nothing and shows a page whose button POSTs the opt-out; the one-click POST of RFC 8058 on the
 * link itself keeps working.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { formsOf, visibleText } from '../helpers/html-forms.ts';

/** Invites a candidate's address into a pool; the opt-out link of the email (path and query). */
async function invitedAddress(): Promise<{ email: string; optOut: string }> {
  const candidat = await createCandidat();
  const recruteur = await createRecruteur();
  const pool = await agent()
    .post('/v1/api/recruiters/me/viviers')
    .set(recruteur.auth)
    .send({ nom: 'Sourcing' });
  await agent()
    .post(`/v1/api/recruiters/me/viviers/${pool.body.data.id}/candidats`)
    .set(recruteur.auth)
    .send({ email: candidat.email })
    .expect(200);
  await agent()
    .post(`/v1/api/recruiters/me/viviers/${pool.body.data.id}/invite`)
    .set(recruteur.auth)
    .send({ message: 'Bonjour' })
    .expect(200);
  const mail = (await testDb()('outboundEmails')
    .where({ toAddress: candidat.email, template: 'vivier-invitation' })
    .first('headers')) as { headers: unknown };
  const headers = (typeof mail.headers === 'string' ? JSON.parse(mail.headers) : mail.headers) as Record<
    string,
    string
  >;
  const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
  return { email: candidat.email, optOut: `${url.pathname}${url.search}` };
}

const optedOut = async (email: string) =>
  (await testDb()('poolInvitationOptOuts').where({ email })).length > 0;

describe('Pool invitations: the opt-out page', () => {
  it('GET changes nothing and shows a POST form; the form opts the address out', async () => {
    const { email, optOut } = await invitedAddress();
    // The page speaks the language of the account with that address, not the request's.
    await testDb()('accounts').where({ email }).update({ langue: 'en' });
    const page = await agent().get(optOut).set('Accept-Language', 'fr').expect(200);
    expect(await optedOut(email)).to.equal(false);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    expect(visibleText(page.text)).to.contain('Stop every talent pool invitation');
    const [form] = formsOf(page.text, optOut);
    expect(form.method).to.equal('post');
    const done = await agent().post(form.action).type('form').send('').expect(200);
    expect(done.headers['content-type']).to.match(/^text\/html/);
    expect(await optedOut(email)).to.equal(true);
  });

  it('the one-click POST on the link itself still opts out (JSON)', async () => {
    const { email, optOut } = await invitedAddress();
    const res = await agent().post(optOut).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.body.data).to.deep.equal({ optedOut: true });
    expect(await optedOut(email)).to.equal(true);
    await agent().post('/v1/api/public/pool-invitations/opt-out/form?token=nope').expect(404);
  });
});
