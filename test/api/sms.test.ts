/**
 * A candidate's mobile for SMS through the API: the code sent by SMS (6 digits, 10 minutes,
 * 5 tries, limited per hour and per number), confirmation, settings, the alerts' SMS channel that
 * needs a confirmed number, and the HTTP gateway's callbacks (receipts, STOP) guarded by their key.
 */
import { expect } from 'chai';
import { agent } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, type TestAccount } from '../helpers/factories.ts';
import { smsTo, uniqueMobile } from '../helpers/sms-factories.ts';
import { ManualClock } from '../../lib/clock.ts';

const KEY = 'gateway-callback-key-0123456789';

describe('API: SMS number, codes, settings and gateway callbacks', function () {
  this.timeout(60_000);
  let clock: ManualClock;
  let api: ReturnType<typeof agent>;
  let candidat: TestAccount;

  beforeEach(async () => {
    // Now: the candidates' access tokens are checked against this clock.
    clock = new ManualClock(new Date());
    api = agent({ clock, config: { smsCallbackKey: KEY } });
    candidat = await createCandidat();
  });

  async function codeFor(phone: string): Promise<string> {
    const sent = (await smsTo(phone)).filter((s) => s.kind === 'code');
    const match = /\b(\d{6})\b/.exec(sent.at(-1)!.body);
    return match![1];
  }

  async function confirmed(): Promise<string> {
    const phone = uniqueMobile();
    await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .send({ telephone: phone })
      .expect(200);
    await api
      .post('/v1/api/candidats/me/sms/phone/confirm')
      .set(candidat.auth)
      .send({ code: await codeFor(phone) })
      .expect(200);
    return phone;
  }

  it('sends a 6-digit code by SMS and switches SMS on once it is typed', async () => {
    const phone = uniqueMobile();
    const local = `${phone.slice(4, 7)} ${phone.slice(7, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`;
    const sent = await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .send({ telephone: local })
      .expect(200);
    expect(sent.body.data.telephone).to.equal(phone);
    expect(new Date(sent.body.data.expiresAt).getTime()).to.equal(clock.now().getTime() + 10 * 60_000);
    const [sms] = await smsTo(phone);
    expect(sms.kind).to.equal('code');
    expect(sms.body).to.match(/code de confirmation est \d{6}/);
    const stored = await testDb()('smsPhoneCodes').where({ candidatId: candidat.id }).first();
    expect(stored.codeHash, 'only a hash is kept').to.not.contain(await codeFor(phone));

    const before = await api.get('/v1/api/candidats/me/sms').set(candidat.auth).expect(200);
    expect(before.body.data).to.include({ telephone: null, confirmed: false, enabled: false });
    const ok = await api
      .post('/v1/api/candidats/me/sms/phone/confirm')
      .set(candidat.auth)
      .send({ code: await codeFor(phone) })
      .expect(200);
    expect(ok.body.data).to.include({
      telephone: phone,
      confirmed: true,
      enabled: true,
      statusNotices: false,
    });
  });

  it('refuses a wrong code, an expired one, and any code after 5 wrong tries', async () => {
    const phone = uniqueMobile();
    await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .send({ telephone: phone })
      .expect(200);
    const right = await codeFor(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api
        .post('/v1/api/candidats/me/sms/phone/confirm')
        .set(candidat.auth)
        .send({ code: wrong })
        .expect(400);
      expect(res.body.error.code).to.equal('INVALID_SMS_CODE');
      expect(res.body.error.message).to.equal('Code invalide ou expiré : demandez-en un nouveau');
    }
    const spent = await api
      .post('/v1/api/candidats/me/sms/phone/confirm')
      .set(candidat.auth)
      .set('Accept-Language', 'en')
      .send({ code: right })
      .expect(400);
    expect(spent.body.error.message).to.equal('Invalid or expired code: ask for a new code');

    await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .send({ telephone: phone })
      .expect(200);
    const fresh = await codeFor(phone);
    clock.advance(10 * 60_000 + 1);
    await api
      .post('/v1/api/candidats/me/sms/phone/confirm')
      .set(candidat.auth)
      .send({ code: fresh })
      .expect(400);
    const settings = await api.get('/v1/api/candidats/me/sms').set(candidat.auth).expect(200);
    expect(settings.body.data.confirmed).to.equal(false);
  });

  it('limits codes to 3 per hour per candidate (429), and refuses a number that is not a mobile', async () => {
    const landline = await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .send({ telephone: '222 22 12 34' })
      .expect(400);
    expect(landline.body.error.details).to.match(/mobile/);
    for (let i = 0; i < 3; i++)
      await api
        .post('/v1/api/candidats/me/sms/phone')
        .set(candidat.auth)
        .send({ telephone: uniqueMobile() })
        .expect(200);
    const fr = await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .send({ telephone: uniqueMobile() })
      .expect(429);
    expect(fr.body.error.code).to.equal('SMS_CODE_LIMIT');
    expect(fr.body.error.message).to.equal(
      'Trop de codes demandés : 3 par heure au plus, réessayez plus tard',
    );
    const res = await api
      .post('/v1/api/candidats/me/sms/phone')
      .set(candidat.auth)
      .set('Accept-Language', 'en')
      .send({ telephone: uniqueMobile() })
      .expect(429);
    expect(res.body.error.code).to.equal('SMS_CODE_LIMIT');
    expect(res.body.error.message).to.equal('Too many codes requested: at most 3 codes per hour, try later');
  });

  it('lets an alert go by SMS only with a confirmed number, and takes its frequency', async () => {
    const body = { keywords: 'comptable', sms: true, frequency: 'INSTANT' };
    const refused = await api.post('/v1/api/candidats/me/alertes').set(candidat.auth).send(body).expect(409);
    expect(refused.body.error.code).to.equal('SMS_PHONE_NOT_CONFIRMED');
    expect(refused.body.error.message).to.equal('Confirmez d’abord un numéro de mobile pour les SMS');
    const refusedEn = await api
      .post('/v1/api/candidats/me/alertes')
      .set(candidat.auth)
      .set('Accept-Language', 'en')
      .send(body)
      .expect(409);
    expect(refusedEn.body.error.message).to.equal('Confirm a mobile number for SMS first');
    await confirmed();
    const made = await api.post('/v1/api/candidats/me/alertes').set(candidat.auth).send(body).expect(200);
    expect(made.body.data).to.include({ sms: true, frequency: 'INSTANT' });
    const plain = await api
      .post('/v1/api/candidats/me/alertes')
      .set(candidat.auth)
      .send({ keywords: 'caissier' })
      .expect(200);
    expect(plain.body.data).to.include({ sms: false, frequency: 'DAILY' });
    const weekly = await api
      .put(`/v1/api/candidats/me/alertes/${plain.body.data.id}`)
      .set(candidat.auth)
      .send({ keywords: 'caissier', frequency: 'WEEKLY' })
      .expect(200);
    expect(weekly.body.data).to.include({ sms: false, frequency: 'WEEKLY' });
  });

  it('switches notices on and off, and forgets the number', async () => {
    const refused = await api
      .put('/v1/api/candidats/me/sms')
      .set(candidat.auth)
      .send({ statusNotices: true })
      .expect(409);
    expect(refused.body.error.code).to.equal('SMS_PHONE_NOT_CONFIRMED');
    expect(refused.body.error.message).to.equal('Confirmez d’abord un numéro de mobile');
    const inEnglish = await api
      .put('/v1/api/candidats/me/sms')
      .set(candidat.auth)
      .set('Accept-Language', 'en')
      .send({ enabled: true })
      .expect(409);
    expect(inEnglish.body.error.message).to.equal('Confirm a mobile number first');
    await confirmed();
    const on = await api
      .put('/v1/api/candidats/me/sms')
      .set(candidat.auth)
      .send({ statusNotices: true })
      .expect(200);
    expect(on.body.data).to.include({ enabled: true, statusNotices: true });
    const off = await api
      .put('/v1/api/candidats/me/sms')
      .set(candidat.auth)
      .send({ enabled: false })
      .expect(200);
    expect(off.body.data).to.include({ enabled: false, statusNotices: false });
    await api.delete('/v1/api/candidats/me/sms').set(candidat.auth).expect(200);
    const gone = await api.get('/v1/api/candidats/me/sms').set(candidat.auth).expect(200);
    expect(gone.body.data.telephone).to.equal(null);
  });

  it('takes the gateway’s receipts and STOP with the key only, and answers a STOP once', async () => {
    const phone = await confirmed();
    const [code] = await smsTo(phone);
    await testDb()('smsMessages')
      .where({ id: code.id })
      .update({ status: 'SENT', providerId: `sms-${code.id}` });

    const wrongKey = await api
      .get('/v1/api/sms/gateway/receipt')
      .query({ key: 'wrong', id: code.id, type: 1 })
      .expect(403);
    expect(wrongKey.body.error.message).to.equal(
      'Clé de passerelle invalide : ce n’est pas la SMS_CALLBACK_KEY de cette plateforme',
    );
    const receipt = await api
      .get('/v1/api/sms/gateway/receipt')
      .query({ key: KEY, id: code.id, type: 1, answer: 'ACK/' })
      .expect(200);
    expect(receipt.body.data.recorded).to.equal(true);
    const row = await testDb()('smsMessages').where({ id: code.id }).first();
    expect([row.status, row.dlrStatus]).to.deep.equal(['DELIVERED', 'DELIVRD']);

    const noKey = await api
      .get('/v1/api/sms/gateway/incoming')
      .set('Accept-Language', 'en')
      .query({ key: 'nope', from: phone, text: 'STOP' })
      .expect(403);
    expect(noKey.body.error.details).to.equal(
      'Invalid gateway key: not this platform’s SMS_CALLBACK_KEY (key)',
    );
    const stop = await api
      .get('/v1/api/sms/gateway/incoming')
      .query({ key: KEY, from: phone, text: 'ARRET' })
      .expect(200);
    expect(stop.body.data).to.deep.equal({ action: 'stop', answered: true });
    const again = await api
      .get('/v1/api/sms/gateway/incoming')
      .query({ key: KEY, from: phone, text: 'stop' })
      .expect(200);
    expect(again.body.data).to.deep.equal({ action: 'stop', answered: false });
    const other = await api
      .get('/v1/api/sms/gateway/incoming')
      .query({ key: KEY, from: phone, text: 'bonjour' })
      .expect(200);
    expect(other.body.data.action).to.equal('ignored');
    const settings = await api.get('/v1/api/candidats/me/sms').set(candidat.auth).expect(200);
    expect(settings.body.data.enabled).to.equal(false);
    expect(settings.body.data.stoppedAt).to.not.equal(null);
    expect((await smsTo(phone)).filter((s) => s.kind === 'stop-reply')).to.have.length(1);
  });
});
