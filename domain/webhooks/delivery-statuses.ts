/**
 * The delivery lifecycle. A delivery is PENDING until an attempt settles it: SUCCEEDED (the
 * receiver answered 2xx), FAILED (a final refusal: any other answer that retrying cannot change,
 * or a target that may not be called), DEAD (the retries are used up), or PENDING again with its
 * next attempt scheduled. A replay puts a delivery of any status back to PENDING: a new series of
 * attempts for the same event.
 */
import type { DeliveryStatus } from '../../models/webhook-delivery.ts';

const NEXT: Record<DeliveryStatus, DeliveryStatus[]> = {
  PENDING: ['PENDING', 'SUCCEEDED', 'FAILED', 'DEAD'],
  SUCCEEDED: ['PENDING'],
  FAILED: ['PENDING'],
  DEAD: ['PENDING'],
};

export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses a delivery may be in just before moving to `to`. */
export function deliveryStatusesBefore(to: DeliveryStatus): DeliveryStatus[] {
  return (Object.keys(NEXT) as DeliveryStatus[]).filter((from) => NEXT[from].includes(to));
}

/**
 * Where an attempt leaves a PENDING delivery: `outcome` is what the receiver's answer means,
 * `retryDelayMs` the wait before the next attempt, null when no retry is left.
 */
export function statusAfterAttempt(
  outcome: 'success' | 'final' | 'retry',
  retryDelayMs: number | null,
): DeliveryStatus {
  if (outcome === 'success') return 'SUCCEEDED';
  if (outcome === 'final') return 'FAILED';
  return retryDelayMs === null ? 'DEAD' : 'PENDING';
}
