/**
 * What receivers say back, on a controllable clock: 410 Gone switches the subscription off at once
 * and emails its owner; 429 with Retry-After brings no attempt before it; every delivery failing
 * for 5 days switches it off with an email; `enable` plus a replay delivers again.
 */
import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import { deleteTestSubscriptions, subscribe } from '../helpers/webhook-factories.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../lib/clock.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { deliverDue } from '../../domain/webhooks/deliver-due.ts';

const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

describe('Webhooks: receiver signals (410, Retry-After, 5 days of failures, enable)', function () {
  this.timeout(60_000);
  let rx: WebhookReceiver;
  let clock: ManualClock;

  beforeEach(async () => {
    rx = await WebhookReceiver.start();
    clock = new ManualClock('2026-05-04T08:00:00.000Z');
  });
  afterEach(async () => {
    await deleteTestSubscriptions();
    await rx.close();
  });

  const ctx = () => domainCtx({ type: 'system', id: 'test' }, { clock });
  const runOnce = async () => {
    await dispatchEvents(ctx());
    return deliverDue(ctx(), { limit: 500, timeoutMs: 2000 });
  };
  const publish = (owner: TestRecruteur, offreId: number) =>
    recordEvent(ctx(), 'offre.published', { offreId }, { entrepriseId: owner.entrepriseId });
  const subscriptionRow = (id: number) =>
    testDb()('webhookSubscriptions').where({ id }).first('active', 'disabledReason');
  const disabledEmails = (to: string) =>
    testDb()('outboundEmails').where({ toAddress: to, template: 'webhook-disabled' });

  it('410 Gone disables the subscription at once and emails its owner', async () => {
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    rx.respondWith(410);
    await publish(owner, 1);
    await runOnce();
    expect(await subscriptionRow(sub.id)).to.deep.include({ active: false, disabledReason: 'GONE' });
    expect(await disabledEmails(owner.email)).to.have.length(1);
    const view = await agent().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(owner.auth).expect(200);
    expect(view.body.data).to.include({ active: false, disabledReason: 'GONE' });
    await publish(owner, 2);
    clock.advance(60 * SECOND);
    await runOnce();
    expect(rx.requests).to.have.length(1);
  });

  it('429 with Retry-After: 120 brings no attempt before 120 s (the schedule alone would retry at 30 s)', async () => {
    const owner = await createRecruteur();
    await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    rx.respondWith({ status: 429, headers: { 'Retry-After': '120' } });
    await publish(owner, 3);
    await runOnce();
    expect(rx.requests).to.have.length(1);
    clock.advance(119 * SECOND);
    await runOnce();
    expect(rx.requests).to.have.length(1);
    clock.advance(2 * SECOND);
    await runOnce();
    expect(rx.requests).to.have.length(2);
    expect(rx.requests[1].json.deliveryAttempt).to.equal(2);
  });

  it('after 5 days of 500s the subscription is disabled with an email; enable plus replay delivers', async () => {
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    rx.respondByDefault(500);
    await publish(owner, 4);
    await runOnce();
    clock.advance(4 * DAY);
    await publish(owner, 5);
    await runOnce();
    expect(await subscriptionRow(sub.id)).to.deep.include({ active: true, disabledReason: null });
    clock.advance(DAY + 60 * SECOND);
    await publish(owner, 6);
    await runOnce();
    expect(await subscriptionRow(sub.id)).to.deep.include({ active: false, disabledReason: 'FAILING' });
    expect(await disabledEmails(owner.email)).to.have.length(1);

    rx.respondByDefault(200);
    const enabled = await agent()
      .post(`/v1/api/webhooks/subscriptions/${sub.id}/enable`)
      .set(owner.auth)
      .expect(200);
    expect(enabled.body.data).to.include({ active: true, disabledReason: null });
    // The deliveries still in their retry series go out at their next attempt, now with success.
    const before = rx.requests.length;
    clock.advance(DAY);
    await runOnce();
    const after = rx.requests.slice(before);
    expect(after.length).to.be.greaterThan(0);
    expect(after.every((r) => r.answer === 200)).to.equal(true);
  });
});
