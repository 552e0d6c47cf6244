/**
 * The worker's webhook sender. Woken by new events (in-process signal or high-water mark), it turns
 * the outbox into deliveries (domain/webhooks/dispatch-events.ts), then keeps its send slots busy:
 * it claims due deliveries as slots free up and sends each on its own (deliverOne), so a receiver
 * that hangs until the time-out holds one slot, never a batch.
 *
 * A claimed batch is read in one query, and successful attempts are recorded in batches
 * (record-successes.ts); failures are recorded one by one, with their consequences.
 *
 * Slots come in two lanes: first attempts (new events, replays) and retries. Retries can only
 * ever fill the retry lane, so however many retries come due at once, and however long their
 * receivers take to time out, a new event finds a free slot at once.
 */
import type { Ctx } from '../../domain/context.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { DELIVERY_TIMEOUT_MS, deliverOne, loadDeliveries } from '../../domain/webhooks/deliver-due.ts';
import { recordSuccesses, type SuccessfulAttempt } from '../../domain/webhooks/record-successes.ts';
import { WriteBatcher } from '../../lib/write-batcher.ts';
import {
  claimDueDeliveries,
  leaseUntil,
  type DeliveryLane,
} from '../../domain/webhooks/claim-due-deliveries.ts';
import { postJson } from '../../lib/http-client.ts';
import { DrainLoop } from './drain-loop.ts';

export interface WebhookPumpOptions {
  /** Sends of first attempts in flight at most. */
  firstAttemptSlots?: number;
  /** Sends of retries in flight at most. */
  retrySlots?: number;
  /** Per-attempt time-out (10 s unless a test shortens it). */
  timeoutMs?: number;
  /** The idle sweep. */
  idleMs?: number;
}

const DISPATCH_BATCH = 200;

export interface WebhookPump {
  /** New events were written. */
  wakeForEvents(): void;
  /** Stops claiming, then waits for the sends in flight. */
  stop(): Promise<void>;
}

export function startWebhookPump(ctx: Ctx, opts: WebhookPumpOptions = {}): WebhookPump {
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const lanes: { lane: DeliveryLane; size: number; inFlight: number }[] = [
    { lane: 'first', size: opts.firstAttemptSlots ?? 32, inFlight: 0 },
    { lane: 'retry', size: opts.retrySlots ?? 8, inFlight: 0 },
  ];
  const sends = new Set<Promise<unknown>>();
  // Successes are written 100 at a time, or 20 ms after the first: one commit for many deliveries.
  const successes = new WriteBatcher<SuccessfulAttempt>((batch) => recordSuccesses(ctx, batch), 100, 20);
  const idleMs = opts.idleMs ?? 1000;
  let eventsPending = true;
  let lastDispatch = 0;
  let stopping = false;

  const step = async (): Promise<boolean> => {
    // Also on the idle sweep: an event committed late under a lower id moves no high-water mark.
    if (eventsPending || Date.now() - lastDispatch >= idleMs) {
      eventsPending = false;
      lastDispatch = Date.now();
      while ((await dispatchEvents(ctx, { limit: DISPATCH_BATCH })).events === DISPATCH_BATCH);
    }
    for (const slot of lanes) {
      if (stopping) return false;
      const now = ctx.clock.now();
      const lockedUntil = leaseUntil(now, timeoutMs);
      const ids = await claimDueDeliveries(ctx, {
        now,
        lockedUntil,
        limit: slot.size - slot.inFlight,
        lane: slot.lane,
      });
      for (const d of await loadDeliveries(ctx, ids)) {
        slot.inFlight += 1;
        const send = deliverOne(ctx, d.id, lockedUntil, {
          timeoutMs,
          post: postJson,
          loaded: d,
          recordSuccess: (success) => successes.add(success),
        })
          .catch((err: unknown) =>
            // The lease expires and another attempt is made: nothing is lost.
            ctx.logger.error({ err, deliveryId: d.id }, 'webhook send failed unexpectedly'),
          )
          .finally(() => {
            slot.inFlight -= 1;
            sends.delete(send);
            loop.wake();
          });
        sends.add(send);
      }
    }
    return false;
  };

  const loop = new DrainLoop(step, idleMs, (err) =>
    ctx.logger.error({ err }, 'webhook pump step failed'),
  ).start();

  return {
    wakeForEvents() {
      eventsPending = true;
      loop.wake();
    },
    async stop() {
      stopping = true;
      await loop.stop();
      await Promise.all([...sends]);
    },
  };
}
