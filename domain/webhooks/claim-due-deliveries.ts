/**
 * Claims webhook deliveries to send: PENDING ones of active subscriptions whose next attempt is due
 * and that no worker holds, selected FOR UPDATE SKIP LOCKED and stamped with `locked_until` (the
 * lease: now + the attempt's time-out + a margin) in one short transaction. Two workers never
 * claim the same delivery, and a lease left by a crashed worker expires. Deliveries of an inactive
 * subscription wait (paused).
 *
 * Lanes: first attempts (a new event, or a replay) and retries can be claimed apart, so a sender
 * can keep some of its capacity for new events whatever the retries do: a due retry to a receiver
 * that hangs until the time-out must never hold back a new event.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { WebhookDelivery } from '../../models/webhook-delivery.ts';

/** Beyond the time-out, how long a claimed delivery stays reserved for the worker that took it. */
const LOCK_MARGIN_MS = 60_000;

export type DeliveryLane = 'first' | 'retry' | 'any';

const LANE_SQL: Record<DeliveryLane, string> = {
  first: 'AND d.attempts = 0',
  retry: 'AND d.attempts > 0',
  any: '',
};

/** The lease of deliveries claimed at `now` for attempts that time out after `timeoutMs`. */
export function leaseUntil(now: Date, timeoutMs: number): Date {
  return new Date(now.getTime() + timeoutMs + LOCK_MARGIN_MS);
}

export async function claimDueDeliveries(
  ctx: Ctx,
  opts: { now: Date; lockedUntil: Date; limit: number; lane?: DeliveryLane },
): Promise<number[]> {
  if (opts.limit <= 0) return [];
  return inTransaction(ctx, async (t) => {
    // SQL: the claim itself, FOR UPDATE SKIP LOCKED so concurrent workers take disjoint rows.
    const [rows] = (await t.db.raw(
      `SELECT d.id FROM webhook_deliveries d
        WHERE d.status = 'PENDING' AND d.next_attempt_at <= ? AND (d.locked_until IS NULL OR d.locked_until <= ?)
          ${LANE_SQL[opts.lane ?? 'any']}
          AND EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.id = d.subscription_id AND s.active = 1)
        ORDER BY d.next_attempt_at, d.id
        LIMIT ?
        FOR UPDATE SKIP LOCKED`,
      [opts.now, opts.now, opts.limit],
    )) as unknown as [{ id: number }[]];
    const ids = rows.map((r) => r.id);
    if (ids.length)
      await WebhookDelivery.query(t.db).whereIn('id', ids).patch({ lockedUntil: opts.lockedUntil });
    return ids;
  });
}
