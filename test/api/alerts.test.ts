import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { uniqueEmail } from '../helpers/unique.ts';
import { formsOf, visibleText } from '../helpers/html-forms.ts';

const ALERT_KEYS = [
  'id',
  'keywords',
  'villeId',
  'regionId',
  'contractType',
  'salaireMin',
  'remotePossible',
  'active',
  'frequency',
  'sms',
  'createdAt',
];

async function villeId(slug: string): Promise<number> {
  return ((await testDb()('villes').where({ slug }).first('id')) as { id: number }).id;
}

/** The token of the newest `template` email to `to`. */
async function tokenFromEmail(to: string, template: string): Promise<string> {
  const row = await testDb()('outboundEmails')
    .where({ toAddress: to, template })
    .orderBy('id', 'desc')
    .first('textBody');
  expect(row, `no ${template} email to ${to}`).to.not.equal(undefined);
  const match = /token=([A-Za-z0-9_%-]+)/.exec(row.textBody as string);
  expect(match, 'no token link').to.not.equal(null);
  return decodeURIComponent(match![1]);
}

describe('Job alerts: candidate CRUD (/candidats/me/alertes)', () => {
  it('creates an alert confirmed at once, sent to the account email, matched from its creation', async () => {
    const c = await createCandidat();
    const douala = await villeId('douala');
    const res = await agent()
      .post('/v1/api/candidats/me/alertes')
      .set(c.auth)
      .send({
        keywords: '  Développeur   Java ',
        villeId: douala,
        contractType: 'CDI',
        salaireMin: 250000,
        remotePossible: true,
      })
      .expect(200);
    expect(res.body.success).to.equal(true);
    expect(res.body.data).to.have.all.keys(...ALERT_KEYS);
    expect(res.body.data).to.include({
      keywords: 'Développeur Java',
      villeId: douala,
      regionId: null,
      contractType: 'CDI',
      salaireMin: 250000,
      remotePossible: true,
      active: true,
    });
    const row = await testDb()('jobAlerts').where({ id: res.body.data.id }).first();
    expect(row.candidatId).to.equal(c.id);
    expect(row.email).to.equal(c.email);
    expect(row.confirmedAt).to.be.instanceOf(Date);
    expect(row.lastMatchedAt.getTime()).to.equal(row.createdAt.getTime());
    expect(row.unsubscribeToken).to.match(/^[A-Za-z0-9_-]{40,64}$/);
  });

  it('lists, reads, replaces and deletes my alerts', async () => {
    const c = await createCandidat();
    const api = agent();
    const a = (
      await api.post('/v1/api/candidats/me/alertes').set(c.auth).send({ keywords: 'comptable' }).expect(200)
    ).body.data;
    const b = (
      await api.post('/v1/api/candidats/me/alertes').set(c.auth).send({ keywords: 'infirmier' }).expect(200)
    ).body.data;
    const list = await api.get('/v1/api/candidats/me/alertes').set(c.auth).expect(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).to.have.members([a.id, b.id]);
    expect(list.body.data[0]).to.have.all.keys(...ALERT_KEYS);

    const one = await api.get(`/v1/api/candidats/me/alertes/${a.id}`).set(c.auth).expect(200);
    expect(one.body.data).to.deep.equal(a);

    const centre = (await testDb()('regions').where({ code: 'CE' }).first('id')).id as number;
    const put = await api
      .put(`/v1/api/candidats/me/alertes/${a.id}`)
      .set(c.auth)
      .send({ keywords: 'expert comptable', regionId: centre, active: false })
      .expect(200);
    expect(put.body.data).to.include({
      keywords: 'expert comptable',
      regionId: centre,
      villeId: null,
      contractType: null,
      active: false,
    });
    // active is kept when omitted
    const put2 = await api
      .put(`/v1/api/candidats/me/alertes/${a.id}`)
      .set(c.auth)
      .send({ keywords: 'auditeur' })
      .expect(200);
    expect(put2.body.data).to.include({ keywords: 'auditeur', regionId: null, active: false });

    const del = await api.delete(`/v1/api/candidats/me/alertes/${a.id}`).set(c.auth).expect(200);
    expect(del.body.data).to.deep.equal({});
    await api.get(`/v1/api/candidats/me/alertes/${a.id}`).set(c.auth).expect(404);
  });

  it('turning an alert back on matches from that moment', async () => {
    const c = await createCandidat();
    const api = agent();
    const a = (
      await api.post('/v1/api/candidats/me/alertes').set(c.auth).send({ keywords: 'chauffeur' }).expect(200)
    ).body.data;
    await api
      .put(`/v1/api/candidats/me/alertes/${a.id}`)
      .set(c.auth)
      .send({ keywords: 'chauffeur', active: false })
      .expect(200);
    await testDb()('jobAlerts')
      .where({ id: a.id })
      .update({ lastMatchedAt: new Date('2020-01-01T00:00:00Z') });
    await api
      .put(`/v1/api/candidats/me/alertes/${a.id}`)
      .set(c.auth)
      .send({ keywords: 'chauffeur', active: true })
      .expect(200);
    const row = await testDb()('jobAlerts').where({ id: a.id }).first('lastMatchedAt');
    expect(Date.now() - row.lastMatchedAt.getTime()).to.be.lessThan(60_000);
  });

  it("another candidate's alert is a 404", async () => {
    const owner = await createCandidat();
    const other = await createCandidat();
    const api = agent();
    const a = (
      await api.post('/v1/api/candidats/me/alertes').set(owner.auth).send({ keywords: 'juriste' }).expect(200)
    ).body.data;
    for (const res of [
      await api.get(`/v1/api/candidats/me/alertes/${a.id}`).set(other.auth),
      await api.put(`/v1/api/candidats/me/alertes/${a.id}`).set(other.auth).send({ keywords: 'x y' }),
      await api.delete(`/v1/api/candidats/me/alertes/${a.id}`).set(other.auth),
    ]) {
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
    }
    expect(
      (await api.get('/v1/api/candidats/me/alertes').set(other.auth).expect(200)).body.data,
    ).to.deep.equal([]);
    expect(await testDb()('jobAlerts').where({ id: a.id }).first('keywords')).to.deep.equal({
      keywords: 'juriste',
    });
  });

  it('refuses anonymous callers (401) and other roles (403)', async () => {
    const r = await createRecruteur();
    const anon = await agent().get('/v1/api/candidats/me/alertes').expect(401);
    expect(anon.body.error.code).to.equal('TOKEN_MISSING');
    const rec = await agent()
      .post('/v1/api/candidats/me/alertes')
      .set(r.auth)
      .send({ keywords: 'java' })
      .expect(403);
    expect(rec.body.error.code).to.equal('FORBIDDEN');
  });

  it('bad input is a 400 VALIDATION_ERROR naming the field', async () => {
    const c = await createCandidat();
    const api = agent();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /keywords/],
      [{ keywords: '+-*"()<>~@' }, /keywords/],
      [{ keywords: 'java', contractType: 'INTERIM' }, /contractType/],
      [{ keywords: 'java', villeId: 99999999 }, /villeId/],
      [{ keywords: 'java', regionId: 99999999 }, /regionId/],
      [{ keywords: 'java', salaireMin: -5 }, /salaireMin/],
      [{ keywords: 'java', remotePossible: 'yes' }, /remotePossible/],
    ];
    for (const [body, field] of cases) {
      const res = await api.post('/v1/api/candidats/me/alertes').set(c.auth).send(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(`${res.body.error.message} ${res.body.error.details}`).to.match(field);
    }
    await api.get('/v1/api/candidats/me/alertes/abc').set(c.auth).expect(400);
  });

  it('caps the number of alerts per candidate (409 ALERT_LIMIT_REACHED)', async () => {
    const c = await createCandidat();
    const now = new Date();
    await testDb()('jobAlerts').insert(
      Array.from({ length: 50 }, (_, i) => ({
        candidatId: c.id,
        email: c.email,
        keywords: `mot${i}`,
        confirmedAt: now,
        unsubscribeToken: `cap-${c.id}-${i}`,
        lastMatchedAt: now,
      })),
    );
    const res = await agent()
      .post('/v1/api/candidats/me/alertes')
      .set(c.auth)
      .send({ keywords: 'java' })
      .expect(409);
    expect(res.body.error.code).to.equal('ALERT_LIMIT_REACHED');
    expect(res.body.error.message).to.equal('Au plus 50 alertes par candidat');
    const en = await agent()
      .post('/v1/api/candidats/me/alertes')
      .set(c.auth)
      .set('Accept-Language', 'en')
      .send({ keywords: 'java' })
      .expect(409);
    expect(en.body.error.message).to.equal('At most 50 alerts per candidate');
  });
});

describe('Job alerts: public alerts with email confirmation', () => {
  it('creates an unconfirmed alert, emails a link, and the link confirms it once', async () => {
    const email = uniqueEmail('visiteur');
    const api = agent();
    const res = await api
      .post('/v1/api/public/alertes')
      .send({ email: `  ${email.toUpperCase()} `, keywords: 'logisticien', contractType: 'CDD' })
      .expect(200);
    expect(res.body.data).to.deep.equal({ email, status: 'PENDING_CONFIRMATION' });
    const row = await testDb()('jobAlerts').where({ email }).first();
    expect(row).to.include({
      candidatId: null,
      keywords: 'logisticien',
      contractType: 'CDD',
      active: true,
      confirmedAt: null,
    });

    const token = await tokenFromEmail(email, 'job-alert-confirmation');
    const confirmed = await api.get('/v1/api/public/alertes/confirm').query({ token }).expect(200);
    expect(confirmed.body.data).to.have.all.keys(...ALERT_KEYS);
    expect(confirmed.body.data).to.include({ id: row.id, keywords: 'logisticien', active: true });
    expect(
      (await testDb()('jobAlerts').where({ id: row.id }).first('confirmedAt')).confirmedAt,
    ).to.be.instanceOf(Date);

    const again = await api.get('/v1/api/public/alertes/confirm').query({ token }).expect(400);
    expect(again.body.error.code).to.equal('INVALID_TOKEN');
  });

  it('stops emailing one address after a few unconfirmed requests a day, with the same answer', async () => {
    const email = uniqueEmail('spam');
    const api = agent();
    for (let i = 0; i < 7; i++) {
      const res = await api
        .post('/v1/api/public/alertes')
        .send({ email, keywords: `mot${i}` })
        .expect(200);
      expect(res.body.data.status).to.equal('PENDING_CONFIRMATION');
    }
    expect(
      await testDb()('outboundEmails').where({ toAddress: email }).count({ n: '*' }).first(),
    ).to.deep.equal({ n: 5 });
  });

  it('bad input is a 400', async () => {
    const api = agent();
    const bad = await api
      .post('/v1/api/public/alertes')
      .send({ email: 'not-an-email', keywords: 'java' })
      .expect(400);
    expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
    await api.post('/v1/api/public/alertes').send({ keywords: 'java' }).expect(400);
    await api.post('/v1/api/public/alertes').send({ email: uniqueEmail(), keywords: '' }).expect(400);
    const wrong = await api.get('/v1/api/public/alertes/confirm').query({ token: 'nope' }).expect(400);
    expect(wrong.body.error.code).to.equal('INVALID_TOKEN');
    await api.get('/v1/api/public/alertes/confirm').expect(400);
  });
});

describe('Job alerts: unsubscribe page (GET, then its button) and one-click (POST, RFC 8058)', () => {
  async function alertWithToken(keywords = 'soudeur'): Promise<{ id: number; token: string }> {
    const c = await createCandidat();
    const a = (await agent().post('/v1/api/candidats/me/alertes').set(c.auth).send({ keywords }).expect(200))
      .body.data;
    const row = await testDb()('jobAlerts').where({ id: a.id }).first('unsubscribeToken');
    return { id: a.id, token: row.unsubscribeToken };
  }
  const isActive = async (id: number) =>
    Boolean((await testDb()('jobAlerts').where({ id }).first('active')).active);

  it('GET changes nothing: it shows a page whose form POSTs the change, which turns the alert off', async () => {
    const { id, token } = await alertWithToken();
    const pageUrl = `/v1/api/alertes/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await agent().get(pageUrl).expect(200);
    await agent().get(pageUrl).expect(200);
    expect(await isActive(id)).to.equal(true);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    expect(page.headers['cache-control']).to.equal('no-store');
    expect(visibleText(page.text)).to.contain('« soudeur »');
    const [form, ...others] = formsOf(page.text, pageUrl);
    expect(others).to.have.length(0);
    expect(form.method).to.equal('post');
    const done = await agent().post(form.action).type('form').send('').expect(200);
    expect(done.headers['content-type']).to.match(/^text\/html/);
    expect(visibleText(done.text)).to.contain('vous ne recevrez plus cette alerte');
    expect(await isActive(id)).to.equal(false);
    // Posting again changes nothing; the page now says the alert is off, with no button.
    await agent().post(form.action).expect(200);
    const after = await agent().get(pageUrl).expect(200);
    expect(formsOf(after.text, pageUrl)).to.have.length(0);
    expect(visibleText(after.text)).to.contain('déjà désactivée');
  });

  it('the page speaks the account’s language and escapes the keywords', async () => {
    const { id, token } = await alertWithToken('<b>chef</b> & "cuisine"');
    const row = await testDb()('jobAlerts').where({ id }).first('candidatId');
    await testDb()('accounts').where({ id: row.candidatId }).update({ langue: 'en' });
    const pageUrl = `/v1/api/alertes/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await agent().get(pageUrl).set('Accept-Language', 'fr').expect(200);
    expect(page.headers['content-language']).to.equal('en');
    expect(page.text).to.contain('<html lang="en">');
    expect(page.text).to.not.contain('<b>chef</b>');
    expect(visibleText(page.text)).to.contain('Stop receiving the job alert “<b>chef</b> & "cuisine"”?');
    const [form] = formsOf(page.text, pageUrl);
    const done = await agent().post(form.action).expect(200);
    expect(visibleText(done.text)).to.contain('you will not receive this alert any more');
  });

  it('POST with the one-click form body turns the alert off', async () => {
    const { id, token } = await alertWithToken();
    const res = await agent()
      .post(`/v1/api/alertes/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body.data).to.have.all.keys(...ALERT_KEYS);
    expect(res.body.data).to.include({ id, active: false });
    expect((await testDb()('jobAlerts').where({ id }).first('active')).active).to.equal(false);
  });

  it('an unknown token is a 404, a missing one a 400', async () => {
    const get = await agent()
      .get('/v1/api/alertes/unsubscribe')
      .query({ token: 'unknown-token' })
      .expect(404);
    expect(get.body.error.code).to.equal('NOT_FOUND');
    await agent().post('/v1/api/alertes/unsubscribe?token=unknown-token').expect(404);
    await agent().post('/v1/api/alertes/unsubscribe/form?token=unknown-token').expect(404);
    const missing = await agent().get('/v1/api/alertes/unsubscribe').expect(400);
    expect(missing.body.error.code).to.equal('VALIDATION_ERROR');
  });
});
