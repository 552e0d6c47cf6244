/**
 * POST /webhooks/deliveries/{id}/replay (and `recrutement deliveries replay`): a new attempt series
 * for the same event (same event id, so receivers can de-duplicate): PENDING, 0 attempts, due now.
 * The attempt log keeps the earlier series. A send in flight keeps its result out of the new
 * series: it only records its attempt (its lock no longer matches, see deliver-due.ts).
 */
import type { Ctx } from '../context.ts';
import { webhookOwner } from './webhook-owner.ts';
import { findOwnDelivery } from './get-delivery.ts';
import type { DeliveryView } from './delivery-view.ts';
import { deliveryStatusesBefore } from './delivery-statuses.ts';
import { WebhookDelivery } from '../../models/webhook-delivery.ts';

export async function replayDelivery(ctx: Ctx, id: number): Promise<DeliveryView> {
  const owner = await webhookOwner(ctx);
  await findOwnDelivery(ctx, owner, id);
  await WebhookDelivery.query(ctx.db)
    .findById(id)
    .whereIn('status', deliveryStatusesBefore('PENDING'))
    .patch({
      status: 'PENDING',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: ctx.clock.now(),
      lockedUntil: null,
      deliveredAt: null,
    });
  return findOwnDelivery(ctx, owner, id);
}
