/**
 * Application notices by SMS: read from the `candidature.status_changed` events, for candidates
 * who switched them on; one SMS per event even when two workers read the same events.
 */
import { expect } from 'chai';
import { SegmentedMessage } from 'sms-segments-calculator';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createOffre, createRecruteur } from '../helpers/factories.ts';
import { confirmedSmsPhone, smsTo } from '../helpers/sms-factories.ts';
import { ManualClock } from '../../lib/clock.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { queueStatusNotices, statusNoticesCursor } from '../../domain/sms/index.ts';

describe('Application notices by SMS', function () {
  this.timeout(60_000);
  const clock = new ManualClock('2026-11-26T11:00:00Z');
  const ctx = () => domainCtx({ type: 'system', id: 'test' }, { clock });

  afterEach(async () => {
    await testDb()('smsMessages').where({ status: 'PENDING' }).update({ status: 'CANCELLED' });
  });

  it('tells an opted-in candidate of an interview and a hiring, once per event, and nobody else', async () => {
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const offreId = await createOffre(recruteur, { titre: 'Électricien bâtiment' });
    const opted = await createCandidat();
    const optedPhone = await confirmedSmsPhone(opted.id);
    await testDb()('smsPhones').where({ candidatId: opted.id }).update({ statusNotices: true });
    const quiet = await createCandidat();
    const quietPhone = await confirmedSmsPhone(quiet.id);

    const cursor = await statusNoticesCursor(ctx());
    const change = (candidatId: number, newStatus: string) =>
      recordEvent(ctx(), 'candidature.status_changed', {
        candidatureId: 1,
        offreId,
        candidatId,
        oldStatus: 'IN_PROGRESS',
        newStatus,
      });
    await change(opted.id, 'TO_MEET');
    await change(opted.id, 'REJECTED');
    await change(quiet.id, 'TO_MEET');
    await change(opted.id, 'HIRED');

    const last = await queueStatusNotices(ctx(), cursor);
    // A second worker reading the same events queues nothing more.
    await queueStatusNotices(ctx(), cursor);
    expect(last).to.be.greaterThan(cursor);
    const sent = await smsTo(optedPhone);
    expect(sent.map((s) => s.kind)).to.deep.equal(['status', 'status']);
    // É is GSM 03.38; â is not.
    expect(sent[0].body).to.contain('entretien propose pour "Électricien batiment"');
    expect(sent[1].body).to.contain('felicitations');
    for (const s of sent) expect(new SegmentedMessage(s.body).segmentsCount).to.equal(1);
    expect(await smsTo(quietPhone)).to.have.length(0);
  });

  it('a first worker, started after a status change, still sends its notice (nothing before the first confirmed number is read)', async () => {
    const recruteur = await createRecruteur({ plan: 'ENTREPRISE' });
    const offreId = await createOffre(recruteur, { titre: 'Comptable' });
    const { id: before } = await recordEvent(ctx(), 'candidature.status_changed', {
      candidatureId: 1,
      offreId,
      candidatId: 1,
      oldStatus: 'NEW',
      newStatus: 'TO_MEET',
    });
    // As on a platform where no notice was ever written.
    await testDb()('smsMessages').whereNotNull('sourceEventId').delete();
    await testDb()('smsPhones').update({ statusNotices: false });
    const candidat = await createCandidat();
    const phone = await confirmedSmsPhone(candidat.id);
    clock.advance(60_000);
    await testDb()('smsPhones')
      .where({ candidatId: candidat.id })
      .update({ statusNotices: true, confirmedAt: clock.now() });
    clock.advance(60_000);
    await recordEvent(ctx(), 'candidature.status_changed', {
      candidatureId: 2,
      offreId,
      candidatId: candidat.id,
      oldStatus: 'IN_PROGRESS',
      newStatus: 'HIRED',
    });
    // No worker ran meanwhile: the first one starts before that change, after what came before the number.
    const cursor = await statusNoticesCursor(ctx());
    expect(cursor).to.be.at.least(before);
    await queueStatusNotices(ctx(), cursor);
    expect((await smsTo(phone)).map((m) => m.kind)).to.deep.equal(['status']);
  });
});
