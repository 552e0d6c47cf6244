/**
 * Webhook dispatch and delivery against a real local receiver, with a ManualClock moved through
 * the retry schedule (no sleeping), and once end to end with the real Agenda runner.
 */
import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createAdmin, createRecruteur } from '../helpers/factories.ts';
import { deleteTestSubscriptions, subscribe } from '../helpers/webhook-factories.ts';
import { verifySignature, WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../lib/clock.ts';
import { withDb, type Ctx } from '../../domain/context.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { deliverDue } from '../../domain/webhooks/deliver-due.ts';
import { RETRY_DELAYS_MS } from '../../domain/webhooks/retry-schedule.ts';
import { pinnedLookup } from '../../domain/webhooks/target-address.ts';
import { postJson } from '../../lib/http-client.ts';
import { buildAgenda } from '../../jobs/agenda.ts';
import { JOB_NAMES } from '../../jobs/names.ts';
import { dispatchEventsJob } from '../../jobs/definitions/dispatch-events.ts';
import { deliverWebhooksJob } from '../../jobs/definitions/deliver-webhooks.ts';
import type { Config } from '../../lib/config.ts';

const SECOND = 1000;
const TIMEOUT_MS = 200;

describe('Webhook delivery', function () {
  this.timeout(60_000);
  let receivers: WebhookReceiver[] = [];
  let clock: ManualClock;

  const receiver = async () => {
    const r = await WebhookReceiver.start();
    receivers.push(r);
    return r;
  };
  const ctxOf = (config: Partial<Config> = {}): Ctx =>
    domainCtx({ type: 'system', id: 'test' }, { clock, config });
  /** One pass of the job runner: dispatch the outbox, then send what is due. */
  const runOnce = async (config: Partial<Config> = {}) => {
    await dispatchEvents(ctxOf(config));
    return deliverDue(ctxOf(config), { limit: 500, timeoutMs: TIMEOUT_MS });
  };
  const deliveryOf = (subscriptionId: number) =>
    testDb()('webhookDeliveries').where({ subscriptionId }).first();

  beforeEach(() => {
    clock = new ManualClock('2026-03-02T08:00:00.000Z');
  });

  afterEach(async () => {
    await deleteTestSubscriptions();
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });

  it('POSTs the signed body with the X-Service-* headers; a 2xx marks it SUCCEEDED', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url('/hooks/ats'), events: ['candidature.created'] });
    const data = { candidatureId: 41, offreId: 12, candidatId: 9, statut: 'NEW' };
    const event = await recordEvent(ctxOf(), 'candidature.created', data, {
      entrepriseId: owner.entrepriseId,
    });

    const report = await runOnce();
    expect(report).to.include({ succeeded: 1 });
    const [req] = rx.requests;
    expect(rx.requests).to.have.length(1);
    expect(req.method).to.equal('POST');
    expect(req.path).to.equal('/hooks/ats');
    expect(JSON.parse(req.rawBody)).to.deep.equal({
      id: event.publicId,
      type: 'candidature.created',
      createdAt: '2026-03-02T08:00:00.000Z',
      data,
      deliveryAttempt: 1,
    });
    const delivery = await deliveryOf(sub.id);
    expect(req.headers['content-type']).to.equal('application/json');
    expect(req.headers['x-service-event']).to.equal('candidature.created');
    expect(req.headers['x-service-delivery']).to.equal(String(delivery.id));
    expect(req.headers['user-agent']).to.equal('Recrutement-Webhooks/1.0');
    expect(req.headers['x-service-signature']).to.match(/^t=\d+,v1=[0-9a-f]{64}$/);

    // As a receiver would: recompute with the secret from the creation answer, constant-time compare, 300 s tolerance.
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(
      verifySignature(sub.secret, req.headers['x-service-signature'] as string, req.rawBody, now),
    ).to.equal(true);
    expect(req.headers['x-service-signature']).to.contain(`t=${now},`);
    expect(
      verifySignature(
        sub.secret,
        req.headers['x-service-signature'] as string,
        req.rawBody.replace('41', '42'),
        now,
      ),
    ).to.equal(false);
    expect(
      verifySignature(`${sub.secret}x`, req.headers['x-service-signature'] as string, req.rawBody, now),
    ).to.equal(false);
    expect(
      verifySignature(sub.secret, req.headers['x-service-signature'] as string, req.rawBody, now + 301),
    ).to.equal(false);

    expect(delivery).to.include({
      status: 'SUCCEEDED',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery.deliveredAt.toISOString()).to.equal('2026-03-02T08:00:00.000Z');
    const attempts = await testDb()('webhookDeliveryAttempts').where({ deliveryId: delivery.id });
    expect(attempts).to.have.length(1);
    expect(attempts[0]).to.include({ attempt: 1, statusCode: 200, error: null });
    expect(attempts[0].durationMs).to.be.a('number').at.least(0);
    expect((await testDb()('domainEvents').where({ id: event.id }).first()).dispatchedAt).to.be.instanceOf(
      Date,
    );

    // The API shows it to its owner.
    const res = await agent().get(`/v1/api/webhooks/deliveries/${delivery.id}`).set(owner.auth).expect(200);
    expect(res.body.data).to.include({ status: 'SUCCEEDED', attempts: 1, eventId: event.publicId });
    expect(res.body.data.attemptLog).to.have.length(1);

    // Nothing more to send.
    clock.advance(72 * 3600 * SECOND);
    await runOnce();
    expect(rx.requests).to.have.length(1);
  });

  it("a recruiter-scope event reaches only its company's active subscriptions to that type", async () => {
    const [rxA, rxA2, rxInactive, rxB] = await Promise.all([receiver(), receiver(), receiver(), receiver()]);
    const a = await createRecruteur();
    const b = await createRecruteur();
    await subscribe(a, { url: rxA.url(), events: ['offre.published', 'offre.closed'] });
    await subscribe(a, { url: rxA2.url(), events: ['candidature.created'] });
    await subscribe(a, { url: rxInactive.url(), events: ['offre.published'], active: false });
    await subscribe(b, { url: rxB.url(), events: ['offre.published'] });

    const event = await recordEvent(
      ctxOf(),
      'offre.published',
      { offreId: 5, titre: 'Comptable' },
      { entrepriseId: a.entrepriseId },
    );
    await runOnce();
    expect(rxA.requests.map((r) => r.json.id)).to.deep.equal([event.publicId]);
    expect(rxA2.requests).to.have.length(0);
    expect(rxInactive.requests).to.have.length(0);
    expect(rxB.requests).to.have.length(0);
  });

  it('admin-scope events go to administrators only; candidate-scope events to nobody', async () => {
    const rxAdmin = await receiver();
    const rxRecruteur = await receiver();
    const admin = await createAdmin();
    const owner = await createRecruteur();
    await subscribe(admin, { url: rxAdmin.url(), events: ['recruiter.approved'] });
    await subscribe(owner, { url: rxRecruteur.url(), events: ['offre.published', 'candidature.created'] });
    const approved = await recordEvent(ctxOf(), 'recruiter.approved', { recruiterId: owner.id });
    const suspended = await recordEvent(ctxOf(), 'recruiter.suspended', { recruiterId: owner.id });
    const alert = await recordEvent(ctxOf(), 'alert.triggered', { alertId: 3 });
    await runOnce();
    expect(rxAdmin.forEvent(approved.publicId)).to.have.length(1);
    expect(rxAdmin.forEvent(suspended.publicId)).to.have.length(0);
    expect(rxRecruteur.requests).to.have.length(0);
    const alertRow = await testDb()('domainEvents').where({ id: alert.id }).first();
    expect(alertRow.dispatchedAt).to.be.instanceOf(Date);
    expect(await testDb()('webhookDeliveries').where({ eventId: alert.id })).to.have.length(0);
  });

  it('retries 5xx on the 10-attempt schedule, then DEAD with an email to the owner', async () => {
    const rx = (await receiver()).respondByDefault(500);
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.closed'] });
    const event = await recordEvent(
      ctxOf(),
      'offre.closed',
      { offreId: 8 },
      { entrepriseId: owner.entrepriseId },
    );

    await runOnce();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(rx.requests, `after attempt ${attempt}`).to.have.length(attempt);
      expect(rx.requests[attempt - 1].json).to.include({ id: event.publicId, deliveryAttempt: attempt });
      const d = await deliveryOf(sub.id);
      expect(d.attempts).to.equal(attempt);
      expect(d.lastStatusCode).to.equal(500);
      expect(d.lastError).to.equal('HTTP 500');
      if (attempt === 10) {
        expect(d.status).to.equal('DEAD');
        expect(d.nextAttemptAt).to.equal(null);
        break;
      }
      const delay = RETRY_DELAYS_MS[attempt - 1];
      expect(d.status).to.equal('PENDING');
      expect(
        d.nextAttemptAt.getTime() - clock.now().getTime(),
        `delay before attempt ${attempt + 1}`,
      ).to.equal(delay);
      // One millisecond early: not due yet.
      clock.advance(delay - 1);
      await runOnce();
      expect(rx.requests).to.have.length(attempt);
      clock.advance(1);
      await runOnce();
    }
    expect(RETRY_DELAYS_MS).to.deep.equal(
      [30, 120, 600, 1800, 3600, 4 * 3600, 12 * 3600, 24 * 3600, 48 * 3600].map((s) => s * SECOND),
    );
    const d = await deliveryOf(sub.id);
    const log = await testDb()('webhookDeliveryAttempts').where({ deliveryId: d.id }).orderBy('id');
    expect(log.map((a) => a.attempt)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(log.every((a) => a.statusCode === 500)).to.equal(true);
    const emails = await testDb()('outboundEmails').where({
      toAddress: owner.email,
      template: 'webhook-dead-letter',
    });
    expect(emails).to.have.length(1);
    expect(emails[0].textBody)
      .to.contain(event.publicId)
      .and.contain(rx.url())
      .and.contain(`/webhooks/deliveries/${d.id}/replay`);

    // Dead is final: no more attempts.
    clock.advance(7 * 24 * 3600 * SECOND);
    await runOnce();
    expect(rx.requests).to.have.length(10);
  });

  it('a 4xx answer is a final failure, never retried', async () => {
    const rx = (await receiver()).respondWith(404);
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['candidat.hired'] });
    await recordEvent(ctxOf(), 'candidat.hired', { candidatureId: 1 }, { entrepriseId: owner.entrepriseId });
    const report = await runOnce();
    expect(report).to.include({ failed: 1 });
    const d = await deliveryOf(sub.id);
    expect(d).to.include({
      status: 'FAILED',
      attempts: 1,
      lastStatusCode: 404,
      lastError: 'HTTP 404',
      nextAttemptAt: null,
      deliveredAt: null,
    });
    clock.advance(3 * 24 * 3600 * SECOND);
    await runOnce();
    expect(rx.requests).to.have.length(1);
    expect(
      await testDb()('outboundEmails').where({ toAddress: owner.email, template: 'webhook-dead-letter' }),
    ).to.have.length(0);
  });

  it('a time-out is retried after 30 s, then succeeds', async () => {
    const rx = (await receiver()).respondWith('hang', 204);
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['candidature.status_changed'] });
    const event = await recordEvent(
      ctxOf(),
      'candidature.status_changed',
      { candidatureId: 2, oldStatus: 'NEW', newStatus: 'IN_PROGRESS' },
      { entrepriseId: owner.entrepriseId },
    );
    const started = Date.now();
    await runOnce();
    expect(Date.now() - started).to.be.below(5000);
    let d = await deliveryOf(sub.id);
    expect(d).to.include({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect(d.lastError).to.match(/timed out after 200 ms/);
    expect(d.nextAttemptAt.getTime() - clock.now().getTime()).to.equal(30 * SECOND);
    clock.advance(30 * SECOND);
    await runOnce();
    d = await deliveryOf(sub.id);
    expect(d).to.include({ status: 'SUCCEEDED', attempts: 2, lastStatusCode: 204, lastError: null });
    expect(rx.requests.map((r) => [r.json.id, r.json.deliveryAttempt])).to.deep.equal([
      [event.publicId, 1],
      [event.publicId, 2],
    ]);
  });

  it('a redirect is not followed: a final failure', async () => {
    const rx = (await receiver()).respondWith(301);
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    await recordEvent(ctxOf(), 'offre.published', { offreId: 4 }, { entrepriseId: owner.entrepriseId });
    await runOnce();
    const d = await deliveryOf(sub.id);
    expect(d).to.include({ status: 'FAILED', attempts: 1, lastStatusCode: 301, nextAttemptAt: null });
    expect(d.lastError).to.match(/redirects are not followed/);
    expect(rx.requests).to.have.length(1);
  });

  it('the HTTP client connects to the address checked beforehand (pinned lookup), whatever the host name', async () => {
    const rx = await receiver();
    const result = await postJson(`http://hooks.example.invalid:${rx.port}/pinned`, '{"ok":true}', {
      headers: { 'Content-Type': 'application/json' },
      timeoutMs: 2000,
      lookup: pinnedLookup([{ address: '127.0.0.1', family: 4 }]),
    });
    expect(result.status).to.equal(200);
    expect(rx.requests[0]).to.include({ path: '/pinned', rawBody: '{"ok":true}' });
    expect(rx.requests[0].headers.host).to.equal(`hooks.example.invalid:${rx.port}`);
  });

  it('a network error (nothing listening) is retried', async () => {
    const rx = await receiver();
    const url = rx.url();
    await rx.close();
    receivers = receivers.filter((r) => r !== rx);
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url, events: ['offre.published'] });
    await recordEvent(ctxOf(), 'offre.published', { offreId: 3 }, { entrepriseId: owner.entrepriseId });
    await runOnce();
    const d = await deliveryOf(sub.id);
    expect(d).to.include({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect(d.lastError).to.match(/ECONNREFUSED/);
  });

  it('replay re-sends the same event id as a new attempt series', async () => {
    const rx = (await receiver()).respondWith(404, 200);
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    const event = await recordEvent(
      ctxOf(),
      'offre.published',
      { offreId: 77 },
      { entrepriseId: owner.entrepriseId },
    );
    await runOnce();
    const failed = await deliveryOf(sub.id);
    expect(failed.status).to.equal('FAILED');

    clock.advance(3600 * SECOND);
    const res = await agent({ clock })
      .post(`/v1/api/webhooks/deliveries/${failed.id}/replay`)
      .set(owner.auth)
      .expect(200);
    expect(res.body.data).to.include({ status: 'PENDING', attempts: 0, eventId: event.publicId });
    expect(res.body.data.nextAttemptAt).to.equal(clock.now().toISOString());
    await runOnce();
    expect(rx.requests).to.have.length(2);
    expect(rx.requests[1].json).to.deep.equal({ ...rx.requests[0].json, deliveryAttempt: 1 });
    expect(rx.requests[1].headers['x-service-delivery']).to.equal(String(failed.id));
    const done = await deliveryOf(sub.id);
    expect(done).to.include({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 200 });
    const detail = await agent().get(`/v1/api/webhooks/deliveries/${failed.id}`).set(owner.auth).expect(200);
    expect(
      detail.body.data.attemptLog.map((a: { attempt: number; statusCode: number }) => [
        a.attempt,
        a.statusCode,
      ]),
    ).to.deep.equal([
      [1, 404],
      [1, 200],
    ]);
  });

  it('an event recorded in a rolled-back transaction is never delivered', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    const marker = `rollback-${Date.now()}`;
    let rolledBackId = '';
    const failure = await testDb()
      .transaction(async (trx) => {
        rolledBackId = (
          await recordEvent(
            withDb(ctxOf(), trx),
            'offre.published',
            { marker },
            { entrepriseId: owner.entrepriseId },
          )
        ).publicId;
        throw new Error('the change failed');
      })
      .catch((err: Error) => err);
    expect(failure).to.be.instanceOf(Error);
    expect(await testDb()('domainEvents').where({ publicId: rolledBackId })).to.have.length(0);

    const committed = await recordEvent(
      ctxOf(),
      'offre.published',
      { marker: 'committed' },
      { entrepriseId: owner.entrepriseId },
    );
    await runOnce();
    expect(rx.requests.map((r) => r.json.id)).to.deep.equal([committed.publicId]);
  });

  it('checks the target again at delivery: a URL now resolving to a private address fails for good', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    // Accepted while private targets were allowed; refused at delivery once they are not.
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    await recordEvent(ctxOf(), 'offre.published', { offreId: 1 }, { entrepriseId: owner.entrepriseId });
    const report = await runOnce({ webhooksAllowPrivate: false });
    expect(report).to.include({ failed: 1 });
    expect(rx.requests).to.have.length(0);
    const d = await deliveryOf(sub.id);
    expect(d).to.include({ status: 'FAILED', attempts: 1, lastStatusCode: null, nextAttemptAt: null });
    expect(d.lastError).to.match(/public internet addresses/);
  });

  it('deliveries of an inactive subscription wait until it is active again', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    await dispatchEvents(ctxOf());
    await recordEvent(ctxOf(), 'offre.published', { offreId: 1 }, { entrepriseId: owner.entrepriseId });
    await dispatchEvents(ctxOf());
    await testDb()('webhookSubscriptions').where({ id: sub.id }).update({ active: false });
    await runOnce();
    expect(rx.requests).to.have.length(0);
    expect((await deliveryOf(sub.id)).status).to.equal('PENDING');
    await agent()
      .patch(`/v1/api/webhooks/subscriptions/${sub.id}`)
      .set(owner.auth)
      .send({ active: true })
      .expect(200);
    await runOnce();
    expect(rx.requests).to.have.length(1);
  });

  it('two workers running at once never duplicate a delivery or a send', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['candidature.created'] });
    for (let i = 0; i < 12; i += 1)
      await recordEvent(
        ctxOf(),
        'candidature.created',
        { candidatureId: i },
        { entrepriseId: owner.entrepriseId },
      );
    await Promise.all([
      dispatchEvents(ctxOf(), { limit: 5 }),
      dispatchEvents(ctxOf(), { limit: 5 }),
      dispatchEvents(ctxOf(), { limit: 5 }),
    ]);
    await Promise.all([dispatchEvents(ctxOf()), dispatchEvents(ctxOf())]);
    expect(await testDb()('webhookDeliveries').where({ subscriptionId: sub.id })).to.have.length(12);
    // A receiver time-out that a loaded machine cannot miss: this test is about duplicates.
    const reports = await Promise.all([
      deliverDue(ctxOf(), { limit: 500, timeoutMs: 10_000 }),
      deliverDue(ctxOf(), { limit: 500, timeoutMs: 10_000 }),
      deliverDue(ctxOf(), { limit: 500, timeoutMs: 10_000 }),
    ]);
    expect(reports.reduce((n, r) => n + r.succeeded, 0)).to.equal(12);
    expect(rx.requests).to.have.length(12);
    expect(new Set(rx.requests.map((r) => r.json.id)).size).to.equal(12);
  });

  it('end to end with the real Agenda runner: an event reaches the receiver', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    const deps = testDeps();
    const agenda = await buildAgenda(deps, {
      processEvery: 100,
      specs: [dispatchEventsJob, deliverWebhooksJob],
      name: 'webhooks-test',
    });
    await agenda.start();
    try {
      const event = await recordEvent(
        domainCtx(),
        'offre.published',
        { offreId: 99 },
        { entrepriseId: owner.entrepriseId },
      );
      await agenda.now(JOB_NAMES.dispatchEvents);
      const deadline = Date.now() + 10_000;
      while (!(await deliveryOf(sub.id)) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      await agenda.now(JOB_NAMES.deliverWebhooks);
      const [req] = await rx.waitForRequests(1, 10_000);
      expect(req.json).to.include({ id: event.publicId, type: 'offre.published', deliveryAttempt: 1 });
      expect(
        verifySignature(
          sub.secret,
          req.headers['x-service-signature'] as string,
          req.rawBody,
          Math.floor(Date.now() / 1000),
        ),
      ).to.equal(true);
      const waitDone = Date.now() + 5000;
      while ((await deliveryOf(sub.id)).status !== 'SUCCEEDED' && Date.now() < waitDone)
        await new Promise((r) => setTimeout(r, 50));
      expect((await deliveryOf(sub.id)).status).to.equal('SUCCEEDED');
    } finally {
      await agenda.stop();
      await agenda.cancel({ names: [JOB_NAMES.dispatchEvents, JOB_NAMES.deliverWebhooks] });
    }
  });
});
