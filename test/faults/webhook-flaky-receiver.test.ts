/**
 * A webhook receiver that first times out, then answers 500, then 200. The sender is driven like
 * the job runner drives it (dispatch the outbox, then `deliverDue` in batches of 50) with a
 * ManualClock moved through the retry schedule: the attempts come exactly 30 s and 2 min apart,
 * never earlier, carry the same event id with the attempt number, and stop at the success.
 */
import { expect } from 'chai';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { deleteTestSubscriptions, subscribe } from '../helpers/webhook-factories.ts';
import { verifySignature, WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../lib/clock.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { deliverDue } from '../../domain/webhooks/deliver-due.ts';
import { RETRY_DELAYS_MS } from '../../domain/webhooks/retry-schedule.ts';

const SECOND = 1000;
/** The 10 s delivery time-out, shortened so the test does not wait for it. */
const TIMEOUT_MS = 1_000;

describe('Faults: a webhook receiver that times out, then fails, then answers', function () {
  this.timeout(30_000);
  let rx: WebhookReceiver;

  before(async () => {
    rx = await WebhookReceiver.start();
  });

  after(async () => {
    await deleteTestSubscriptions();
    await rx.close();
  });

  it('retries on the schedule (30 s, then 2 min) and stops at the 200', async () => {
    const clock = new ManualClock(new Date());
    const ctx = domainCtx({ type: 'system', id: 'job:webhooks:deliver' }, { clock });
    /** One pass of the runner: `webhooks:dispatch-events`, then `webhooks:deliver`. */
    const tick = async () => {
      await dispatchEvents(ctx);
      return deliverDue(ctx, { limit: 50, timeoutMs: TIMEOUT_MS });
    };
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url('/hooks/flaky'), events: ['candidature.created'] });
    const event = await recordEvent(
      ctx,
      'candidature.created',
      { candidatureId: 7, offreId: 3, candidatId: 5, statut: 'NEW' },
      { entrepriseId: owner.entrepriseId },
    );
    rx.respondWith('hang', 500, 200);
    const t0 = clock.now().getTime();
    const delivery = async () => testDb()('webhookDeliveries').where({ subscriptionId: sub.id }).first();

    // Attempt 1: no answer within the time-out.
    const started = Date.now();
    await tick();
    expect(Date.now() - started).to.be.below(TIMEOUT_MS + 3_000);
    let d = await delivery();
    expect(d).to.include({ status: 'PENDING', attempts: 1, lastStatusCode: null });
    expect(d.lastError).to.match(/timed out/);
    expect(d.nextAttemptAt.getTime()).to.equal(t0 + RETRY_DELAYS_MS[0]);

    // Not a millisecond before its time.
    clock.advance(RETRY_DELAYS_MS[0] - 1);
    await tick();
    expect(rx.forEvent(event.publicId)).to.have.length(1);

    // Attempt 2, 30 s after the first: a 500.
    clock.advance(1);
    await tick();
    d = await delivery();
    expect(d).to.include({ status: 'PENDING', attempts: 2, lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(d.nextAttemptAt.getTime()).to.equal(t0 + RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]);
    clock.advance(RETRY_DELAYS_MS[1] - 1);
    await tick();
    expect(rx.forEvent(event.publicId)).to.have.length(2);

    // Attempt 3, 2 min after the second: a 200, the delivery is done.
    clock.advance(1);
    await tick();
    d = await delivery();
    expect(d).to.include({
      status: 'SUCCEEDED',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(d.deliveredAt.getTime()).to.equal(t0 + 150 * SECOND);

    // And nothing more, however long we wait.
    for (const later of [10 * 60 * SECOND, 24 * 3600 * SECOND, 72 * 3600 * SECOND]) {
      clock.advance(later);
      await tick();
    }
    const requests = rx.forEvent(event.publicId);
    expect(requests.map((r) => [r.answer, r.json.deliveryAttempt])).to.deep.equal([
      ['hang', 1],
      [500, 2],
      [200, 3],
    ]);
    // Same event id and delivery id every time, each attempt signed at its own time.
    expect(new Set(requests.map((r) => r.headers['x-service-delivery']))).to.deep.equal(
      new Set([String(d.id)]),
    );
    const sentAt = [t0, t0 + 30 * SECOND, t0 + 150 * SECOND].map((ms) => Math.floor(ms / 1000));
    requests.forEach((r, i) => {
      expect(
        verifySignature(sub.secret, r.headers['x-service-signature'] as string, r.rawBody, sentAt[i]),
        `signature ${i + 1}`,
      ).to.equal(true);
    });

    const log = (await testDb()('webhookDeliveryAttempts')
      .where({ deliveryId: d.id })
      .orderBy('attempt')) as {
      attempt: number;
      statusCode: number | null;
      error: string | null;
    }[];
    expect(log.map((a) => [a.attempt, a.statusCode])).to.deep.equal([
      [1, null],
      [2, 500],
      [3, 200],
    ]);
    expect(log[0].error).to.match(/timed out/);
    expect(log[1].error).to.equal('HTTP 500');
    expect(log[2].error).to.equal(null);
  });
});
