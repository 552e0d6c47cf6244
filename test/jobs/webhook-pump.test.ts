/**
 * The worker's webhook pump against real local receivers, with a ManualClock moved through the
 * retry schedule (no waiting for the 30 s):
 * - a due retry never delays a new event, however many retries come due at once and however
 *   long their receiver takes to time out;
 * - an event written by another process is picked up by the high-water-mark poll;
 * - an event written in a transaction wakes the pump of its own process once committed, not before;
 * - successes written in a batch touch only the deliveries whose lease still holds.
 */
import { expect } from 'chai';
import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { domainCtx } from '../helpers/app.ts';
import { testDb, testDeps } from '../helpers/env.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { deleteTestSubscriptions, subscribe } from '../helpers/webhook-factories.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { waitFor } from './helpers.ts';
import { ManualClock } from '../../lib/clock.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { RETRY_DELAYS_MS } from '../../domain/webhooks/retry-schedule.ts';
import { startPumps, type PumpOptions, type RunningPumps } from '../../jobs/outbox/start-pumps.ts';
import { recordSuccesses } from '../../domain/webhooks/record-successes.ts';
import { claimDueDeliveries, leaseUntil } from '../../domain/webhooks/claim-due-deliveries.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { replayDelivery } from '../../domain/webhooks/replay-delivery.ts';

/** Shorter than the 10 s of production so the test does not wait that long for the hung sends. */
const TIMEOUT_MS = 4_000;
const RETRY_SLOTS = 8;
const STUCK = 25;
/**
 * How soon the poll or the in-process signal must deliver, in the tests where the idle sweep and
 * the other wake-up wait a minute: far enough below that minute to tell them apart, far enough
 * above the poll's 100 ms for a loaded CI host (a 1 s bound failed there at 1,005 ms).
 */
const PROMPT_MS = 5_000;
const IDLE_MS = 60_000;

describe('Webhook pump: new events go out at once, whatever the retries do', function () {
  this.timeout(60_000);
  let receivers: WebhookReceiver[] = [];
  let pumps: RunningPumps | null = null;
  let clock: ManualClock;

  const receiver = async () => {
    const r = await WebhookReceiver.start();
    receivers.push(r);
    return r;
  };
  const start = (opts: PumpOptions) => {
    // The import pump would take other tests' imports over on this moving clock.
    pumps = startPumps(testDeps({ clock }), { imports: false, ...opts });
  };
  const ctx = () => domainCtx({ type: 'system', id: 'test' }, { clock });

  beforeEach(() => {
    clock = new ManualClock(new Date());
  });

  afterEach(async () => {
    await pumps?.stop();
    pumps = null;
    await deleteTestSubscriptions();
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });

  it(`${STUCK} retries hanging until the time-out hold ${RETRY_SLOTS} slots; a new event is sent well before it`, async () => {
    const slow = (await receiver()).respondWith(...Array<number>(STUCK).fill(500)).respondByDefault('hang');
    const fast = await receiver();
    const a = await createRecruteur();
    const b = await createRecruteur();
    const subA = await subscribe(a, { url: slow.url(), events: ['offre.published'] });
    const subB = await subscribe(b, { url: fast.url(), events: ['offre.published'] });
    start({ webhooks: { timeoutMs: TIMEOUT_MS, retrySlots: RETRY_SLOTS } });

    // Every first attempt to A fails fast (500): each is retried 30 s later.
    for (let i = 0; i < STUCK; i++)
      await recordEvent(ctx(), 'offre.published', { offreId: i }, { entrepriseId: a.entrepriseId });
    const t0 = clock.now().getTime();
    await waitFor(
      async () =>
        (await testDb()('webhookDeliveries').where({ subscriptionId: subA.id, attempts: 1 })).length ===
        STUCK,
      `${STUCK} failed first attempts`,
      20_000,
    );
    const retry = await testDb()('webhookDeliveries').where({ subscriptionId: subA.id }).first();
    expect(retry.nextAttemptAt.getTime()).to.equal(t0 + RETRY_DELAYS_MS[0]);

    // 30 s later every retry is due at once, and A's receiver now hangs until the time-out.
    clock.advance(RETRY_DELAYS_MS[0]);
    await slow.waitForRequests(STUCK + RETRY_SLOTS, 5_000);

    const event = await recordEvent(
      ctx(),
      'offre.published',
      { offreId: 99 },
      { entrepriseId: b.entrepriseId },
    );
    const recorded = Date.now();
    const [request] = await fast.waitForRequests(1, 5_000);
    expect(request.json).to.include({ id: event.publicId, deliveryAttempt: 1 });
    // Behind the hung retries it would wait for their time-out (TIMEOUT_MS); a loaded CI host takes
    // about a second for what a quiet one does in tens of milliseconds.
    expect(request.receivedAt - recorded, 'ms from the event to its first attempt').to.be.below(
      TIMEOUT_MS / 2,
    );

    // Meanwhile the retries still hang: none has timed out, and no more than the retry slots were taken.
    expect(slow.requests).to.have.length(STUCK + RETRY_SLOTS);
    const [{ n }] = (await testDb()('webhookDeliveryAttempts as a')
      .join('webhookDeliveries as d', 'd.id', 'a.deliveryId')
      .where({ 'd.subscriptionId': subA.id, 'a.attempt': 2 })
      .count({ n: '*' })) as { n: number }[];
    expect(Number(n)).to.equal(0);
    // Sent without the clock moving: the attempt is stamped at the retries' due time.
    await waitFor(
      async () =>
        (await testDb()('webhookDeliveries').where({ subscriptionId: subB.id }).first())?.status ===
        'SUCCEEDED',
      'the new event delivered',
    );
    const [attempt] = await testDb()('webhookDeliveryAttempts as a')
      .join('webhookDeliveries as d', 'd.id', 'a.deliveryId')
      .where({ 'd.subscriptionId': subB.id })
      .select('a.createdAt', 'a.statusCode');
    expect(attempt).to.deep.include({ statusCode: 200, createdAt: new Date(t0 + RETRY_DELAYS_MS[0]) });

    // The hung retries time out and are scheduled again (2 min), each attempted once.
    await waitFor(
      async () =>
        (await testDb()('webhookDeliveries').where({ subscriptionId: subA.id, attempts: 2 })).length ===
        RETRY_SLOTS,
      'the first hung retries to time out',
      TIMEOUT_MS + 5_000,
    );
  });

  it('an event written by another process is found by the high-water-mark poll, well before the idle sweep', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    start({ pollMs: 100, webhooks: { idleMs: IDLE_MS }, emails: { idleMs: IDLE_MS } });
    await new Promise((r) => setTimeout(r, 300)); // the poll has read its first marks

    // Written straight to the outbox, as another process's transaction would: no in-process signal.
    const publicId = `evt_${randomUUID().replace(/-/g, '')}`;
    await testDb()('domainEvents').insert({
      publicId,
      type: 'offre.published',
      scope: 'recruiter',
      entrepriseId: owner.entrepriseId,
      data: JSON.stringify({ offreId: 7 }),
      createdAt: clock.now(),
    });
    const written = Date.now();
    const [request] = await rx.waitForRequests(1, PROMPT_MS * 2);
    expect(request.json.id).to.equal(publicId);
    expect(request.receivedAt - written).to.be.below(PROMPT_MS);
  });

  it('an event written in a transaction wakes the pump once committed, not before', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    // Neither the poll nor the idle sweep within the test: only the in-process signal can wake it.
    start({ pollMs: IDLE_MS, webhooks: { idleMs: IDLE_MS }, emails: { idleMs: IDLE_MS } });
    await new Promise((r) => setTimeout(r, 300));

    let committed = 0;
    let publicId = '';
    await testDb().transaction(async (trx: Knex.Transaction) => {
      publicId = (
        await recordEvent(
          { ...ctx(), db: trx },
          'offre.published',
          { offreId: 8 },
          { entrepriseId: owner.entrepriseId },
        )
      ).publicId;
      await new Promise((r) => setTimeout(r, 500));
      expect(rx.requests, 'nothing sent before the commit').to.have.length(0);
      committed = Date.now();
    });
    const [request] = await rx.waitForRequests(1, PROMPT_MS * 2);
    expect(request.json.id).to.equal(publicId);
    expect(request.receivedAt - committed).to.be.below(PROMPT_MS);
  });

  it('successes written in one batch update only the deliveries still under their lease', async () => {
    const rx = await receiver();
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    for (const offreId of [1, 2])
      await recordEvent(ctx(), 'offre.published', { offreId }, { entrepriseId: owner.entrepriseId });
    await dispatchEvents(ctx());
    const now = clock.now();
    const lockedUntil = leaseUntil(now, TIMEOUT_MS);
    const ids = await claimDueDeliveries(ctx(), { now, lockedUntil, limit: 10, lane: 'first' });
    const mine = (await testDb()('webhookDeliveries')
      .where({ subscriptionId: sub.id })
      .pluck('id')) as number[];
    expect(ids).to.include.members(mine);
    // While the second one is in flight, its owner replays it: a new series, no lease.
    await replayDelivery(ctx(), mine[1]);

    await recordSuccesses(
      ctx(),
      mine.map((deliveryId) => ({
        deliveryId,
        subscriptionId: sub.id,
        eventPublicId: 'evt_test',
        attempt: 1,
        statusCode: 204,
        durationMs: 5,
        lockedUntil,
        sentAt: now,
      })),
    );
    const rows = await testDb()('webhookDeliveries').whereIn('id', mine).orderBy('id');
    expect(rows[0]).to.include({ status: 'SUCCEEDED', attempts: 1, lastStatusCode: 204, lockedUntil: null });
    expect(rows[0].deliveredAt.getTime()).to.equal(now.getTime());
    expect(rows[1]).to.include({ status: 'PENDING', attempts: 0, lastStatusCode: null });
    const log = await testDb()('webhookDeliveryAttempts').whereIn('deliveryId', mine);
    expect(log.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([204, 204]);
  });
});
