/** GET /webhooks/deliveries/{id}: one delivery of the caller's subscriptions with every attempt made. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { WebhookDeliveryAttempt } from '../../models/webhook-delivery-attempt.ts';
import { webhookOwner, whereOwnedBy, type WebhookOwner } from './webhook-owner.ts';
import { deliveryQuery, deliveryView, type AttemptView, type DeliveryView } from './delivery-view.ts';

export async function findOwnDelivery(ctx: Ctx, owner: WebhookOwner, id: number): Promise<DeliveryView> {
  const row = await whereOwnedBy(deliveryQuery(ctx.db), owner)
    .where('webhookDeliveries.id', id)
    .first()
    .castTo<DeliveryView | undefined>();
  if (!row) throw new NotFoundError('Webhook delivery');
  return deliveryView(row);
}

export async function getDelivery(
  ctx: Ctx,
  id: number,
): Promise<DeliveryView & { attemptLog: AttemptView[] }> {
  const owner = await webhookOwner(ctx);
  const delivery = await findOwnDelivery(ctx, owner, id);
  const attemptLog: AttemptView[] = await WebhookDeliveryAttempt.query(ctx.db)
    .where({ deliveryId: id })
    .orderBy('id', 'asc')
    .select('attempt', 'statusCode', 'error', 'durationMs', 'createdAt');
  return { ...delivery, attemptLog };
}
