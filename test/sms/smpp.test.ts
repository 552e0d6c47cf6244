/**
 * SMS over SMPP against a real SMSC in the test process (the server side of the `smpp` package):
 * bind_transceiver, submit_sm with GSM data coding and concatenated parts (segment counts checked
 * with an independent calculator), the throttle, ESME_RTHROTTLED, delivery receipts, a STOP sent
 * back by a phone, the SMSC going away and coming back (nothing lost, nothing twice), and a
 * refused bind. The outbox runs on a ManualClock moved through its back-off.
 */
import { expect } from 'chai';
import { SegmentedMessage } from 'sms-segments-calculator';
import { domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createCandidat } from '../helpers/factories.ts';
import { confirmedSmsPhone, smsById, smsTo, uniqueMobile } from '../helpers/sms-factories.ts';
import { TestSmsc } from '../helpers/smsc.ts';
import { waitFor } from '../jobs/helpers.ts';
import { ManualClock } from '../../lib/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { SmppTransport } from '../../engines/sms/smpp-transport.ts';
import {
  enqueueSms,
  inboundHandlers,
  MAX_SMS_ATTEMPTS,
  sendDueSms,
  SMS_RETRY_DELAYS_MS,
  type SmsTransport,
} from '../../domain/sms/index.ts';
import { startSmsPump } from '../../jobs/outbox/sms-pump.ts';

const logger = createLogger('silent');
const NOON_DOUALA = '2026-11-26T11:00:00.000Z';

describe('SMS over SMPP (in-process SMSC)', function () {
  this.timeout(60_000);
  let smsc: TestSmsc;
  let clock: ManualClock;
  const transports: SmsTransport[] = [];

  const ctx = () => domainCtx({ type: 'system', id: 'test' }, { clock });
  const transport = (url = smsc.url, tps?: number) => {
    const t = new SmppTransport(new URL(url), {
      logger,
      tps,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
      bindTimeoutMs: 3000,
      submitTimeoutMs: 3000,
    });
    transports.push(t);
    return t;
  };
  const queue = async (to: string, text: string) => {
    const outcome = await enqueueSms(ctx(), { to, text, kind: 'code' });
    if (!outcome.queued) throw new Error('not queued');
    return outcome.id;
  };

  beforeEach(async () => {
    clock = new ManualClock(NOON_DOUALA);
    smsc = await TestSmsc.start();
  });

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((t) => t.close()));
    await smsc.close();
    // Nothing a test left queued is sent by the next one.
    await testDb()('smsMessages').where({ status: 'PENDING' }).update({ status: 'CANCELLED' });
  });

  it('binds as a transceiver and submits French text as GSM 03.38 (data_coding 0), one segment', async () => {
    const to = uniqueMobile();
    const text =
      'Ingénieur bâtiment à Douala : prêt à démarrer ? Où ça ? Côte, forêt, maïs, façade, Noël, cœur';
    const id = await queue(to, text);
    const t = transport();
    const report = await sendDueSms(ctx(), t);
    expect(report.sent).to.be.at.least(1);

    expect(smsc.binds[0]).to.deep.equal({ systemId: 'recrutement', accepted: true });
    const sub = smsc.submits.find((s) => s.to === to.slice(1))!;
    expect(sub, 'submitted without the +').to.not.equal(undefined);
    expect(sub.dataCoding).to.equal(0);
    expect(sub.registeredDelivery).to.equal(1);
    expect(sub.from).to.equal('Recrutement');
    expect(sub.udh).to.equal(null);
    expect(sub.text).to.equal(
      'Ingénieur batiment à Douala : pret à démarrer ? Où ca ? Cote, foret, mais, facade, Noel, coeur',
    );
    // An independent calculator agrees: GSM-7, one segment; the original would have been UCS-2.
    const counted = new SegmentedMessage(sub.text);
    expect(counted.encodingName).to.equal('GSM-7');
    expect(counted.segmentsCount).to.equal(1);
    expect(new SegmentedMessage(text).encodingName).to.equal('UCS-2');

    const row = await smsById(id);
    expect(row.status).to.equal('SENT');
    expect(row.providerId).to.equal(sub.messageId);
    expect(row.segments).to.equal(1);
  });

  it('sends a long text in concatenated parts whose count the calculator confirms', async () => {
    const to = uniqueMobile();
    const text = `${'Offre à pourvoir en CDI, salaire négociable. '.repeat(8)}[fin] 10€`;
    const id = await queue(to, text);
    await sendDueSms(ctx(), transport());
    const parts = smsc.submits.filter((s) => s.to === to.slice(1));
    const row = await smsById(id);
    const counted = new SegmentedMessage(row.body);
    expect(counted.encodingName).to.equal('GSM-7');
    expect(parts).to.have.length(counted.segmentsCount);
    expect(row.segments).to.equal(counted.segmentsCount);
    // The SMSC reads the UDH's information element: 0x00 (8-bit reference), length 3, ref, total, number.
    const refs = new Set(parts.map((p) => p.udh![2]));
    expect(refs.size, 'one concatenation reference').to.equal(1);
    parts.forEach((p, i) => {
      expect([p.udh![0], p.udh![1]]).to.deep.equal([0x00, 0x03]);
      expect(p.udh![3]).to.equal(parts.length);
      expect(p.udh![4]).to.equal(i + 1);
      expect(p.esmClass & 0x40, 'UDH indicator').to.equal(0x40);
      expect(p.dataCoding).to.equal(0);
    });
    expect(parts.map((p) => p.text).join('')).to.equal(row.body);
  });

  it('keeps to its messages per second, and honours ESME_RTHROTTLED without spending an attempt', async () => {
    const to = uniqueMobile();
    for (let i = 0; i < 10; i++) await queue(to, `message ${i}`);
    const t = transport(smsc.url, 20);
    const started = Date.now();
    await sendDueSms(ctx(), t);
    const mine = smsc.submits.filter((s) => s.to === to.slice(1));
    expect(mine).to.have.length(10);
    const span = mine[9].at - mine[0].at;
    // 10 submits at 20/s leave 9 gaps of 50 ms; measured where they arrive, the first one's transit may
    // have been a little slower than the last's, so at least 8 gaps' worth (unthrottled: a few ms).
    expect(span).to.be.at.least(8 * 50);
    expect(Date.now() - started).to.be.below(5000);

    smsc.throttleNext = 2;
    const other = uniqueMobile();
    const id = await queue(other, 'throttled once');
    const first = await sendDueSms(ctx(), t, { maxBatches: 1 });
    expect(first.throttled).to.equal(1);
    let row = await smsById(id);
    expect(row.status).to.equal('PENDING');
    expect(row.attempts, 'a throttled send is not an attempt').to.equal(0);
    expect(row.lastError).to.match(/ESME_RTHROTTLED/);
    clock.advance(1000);
    await sendDueSms(ctx(), t, { maxBatches: 1 });
    clock.advance(1000);
    await sendDueSms(ctx(), t, { maxBatches: 1 });
    row = await smsById(id);
    expect(row.status).to.equal('SENT');
    expect(row.attempts).to.equal(1);
    expect(smsc.throttled.length).to.equal(2);
    expect(smsc.submits.filter((s) => s.to === other.slice(1))).to.have.length(1);
  });

  it('records delivery receipts (deliver_sm) and acknowledges them once stored', async () => {
    const to = uniqueMobile();
    const delivered = await queue(to, 'one');
    const failed = await queue(to, 'two');
    const t = transport();
    t.listen(inboundHandlers(ctx()));
    await sendDueSms(ctx(), t);
    const [a, b] = smsc.submits.filter((s) => s.to === to.slice(1));
    expect(await smsc.receipt(a.messageId, 'DELIVRD')).to.equal(0);
    expect(await smsc.receipt(b.messageId, 'EXPIRED')).to.equal(0);
    expect(await smsc.receipt('NOSUCHID', 'DELIVRD'), 'an unknown id is acknowledged and dropped').to.equal(
      0,
    );
    const one = await smsById(delivered);
    const two = await smsById(failed);
    expect([one.status, one.dlrStatus]).to.deep.equal(['DELIVERED', 'DELIVRD']);
    expect([two.status, two.dlrStatus]).to.deep.equal(['UNDELIVERED', 'EXPIRED']);
  });

  it('turns SMS off on STOP / ARRÊT from the phone (deliver_sm) and answers once', async () => {
    const candidat = await createCandidat();
    const phone = await confirmedSmsPhone(candidat.id);
    await enqueueSms(ctx(), {
      to: phone,
      text: 'alerte en attente',
      kind: 'alert',
      candidatId: candidat.id,
    });
    const t = transport();
    t.listen(inboundHandlers(ctx()));
    await waitFor(() => smsc.bound.size > 0, 'the bind', 5000);

    // ARRÊT in UCS-2 (a phone writes Ê so), with spaces and a full stop.
    expect(await smsc.fromPhone(phone, ' Arrêt. ', 0x08)).to.equal(0);
    const row = await testDb()('smsPhones').where({ candidatId: candidat.id }).first();
    expect(Boolean(row.enabled)).to.equal(false);
    expect(row.stoppedAt).to.not.equal(null);
    let queued = await smsTo(phone);
    expect(queued.find((m) => m.kind === 'alert')!.status, 'the queued alert is withdrawn').to.equal(
      'CANCELLED',
    );
    expect(queued.filter((m) => m.kind === 'stop-reply')).to.have.length(1);

    expect(await smsc.fromPhone(phone, 'STOP')).to.equal(0);
    queued = await smsTo(phone);
    expect(
      queued.filter((m) => m.kind === 'stop-reply'),
      'answered once',
    ).to.have.length(1);

    await sendDueSms(ctx(), t);
    const replies = smsc.submits.filter((s) => s.to === phone.slice(1));
    expect(replies).to.have.length(1);
    expect(replies[0].text).to.match(/ne recevrez plus de SMS/);
    const inbound = await testDb()('smsInbound').where({ fromNumber: phone }).orderBy('id');
    expect(inbound.map((i: { action: string }) => i.action)).to.deep.equal(['stop', 'stop']);
  });

  it('loses nothing and sends nothing twice when the SMSC goes away and comes back', async () => {
    const to = uniqueMobile();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push(await queue(to, `suite ${i}`));
    const t = transport();
    t.listen(inboundHandlers(ctx()));
    const pump = startSmsPump(ctx(), t, { slots: 1, idleMs: 50 });
    try {
      await waitFor(
        async () => (await smsTo(to)).filter((m) => m.status === 'SENT').length >= 2,
        'two sent',
        10_000,
      );
      await smsc.goAway();
      // Queued while it is away (so however fast the pump, they meet no SMSC): the sends fail
      // without reaching anything, and wait their back-off.
      for (let i = 2; i < 6; i++) ids.push(await queue(to, `suite ${i}`));
      pump.wake();
      await waitFor(
        async () => (await smsTo(to)).every((m) => m.status === 'SENT' || m.attempts >= 1),
        'every SMS sent or tried',
        10_000,
      );
      const during = await smsTo(to);
      const waiting = during.filter((m) => m.status === 'PENDING');
      expect(waiting.length).to.be.greaterThan(0);
      expect(waiting[0].lastError).to.match(/SMSC|connection|unreachable/i);
      await smsc.comeBack();
      await waitFor(() => smsc.bound.size > 0, 'the new bind', 10_000);
      clock.advance(SMS_RETRY_DELAYS_MS[0] + 1000);
      pump.wake();
      await waitFor(async () => (await smsTo(to)).every((m) => m.status === 'SENT'), 'all sent', 10_000);
    } finally {
      await pump.stop();
    }
    const texts = smsc.submits.filter((s) => s.to === to.slice(1)).map((s) => s.text);
    expect(texts.sort()).to.deep.equal([0, 1, 2, 3, 4, 5].map((i) => `suite ${i}`));
  });

  it('keeps a refused bind as the reason, retries with back-off, and sends once the bind is accepted', async () => {
    const to = uniqueMobile();
    const id = await queue(to, 'after the bind');
    smsc.refuseBinds = true;
    const t = transport();
    await sendDueSms(ctx(), t, { maxBatches: 1 });
    let row = await smsById(id);
    expect(row.status).to.equal('PENDING');
    expect(row.attempts).to.equal(1);
    expect(row.lastError).to.match(/bind refused: ESME_RBINDFAIL/);
    expect(smsc.binds.at(-1)!.accepted).to.equal(false);

    smsc.refuseBinds = false;
    clock.advance(SMS_RETRY_DELAYS_MS[0] + 1);
    await sendDueSms(ctx(), t, { maxBatches: 1 });
    row = await smsById(id);
    expect(row.status).to.equal('SENT');
    expect(smsc.submits.filter((s) => s.to === to.slice(1))).to.have.length(1);
  });

  it('puts a message that keeps failing in the dead letters after the last attempt', async () => {
    const to = uniqueMobile();
    const id = await queue(to, 'never');
    const t = transport(`smpp://recrutement:wrong@127.0.0.1:${smsc.port}`);
    for (let i = 0; i < MAX_SMS_ATTEMPTS; i++) {
      await sendDueSms(ctx(), t, { maxBatches: 1 });
      clock.advance(4 * 3_600_000);
    }
    const row = await smsById(id);
    expect(row.status).to.equal('FAILED');
    expect(row.attempts).to.equal(MAX_SMS_ATTEMPTS);
    expect(testDeps().config.smsFrom).to.equal('Recrutement');
  });
});
