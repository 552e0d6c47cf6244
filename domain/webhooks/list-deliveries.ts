/** GET /webhooks/deliveries: the deliveries of the caller's subscriptions, newest first, paginated. */
import type { Ctx } from '../context.ts';
import { pageOf, pageRequest, paginate, type Page } from '../shared/index.ts';
import type { DeliveryStatus } from '../../models/webhook-delivery.ts';
import { findOwnSubscription, webhookOwner, whereOwnedBy } from './webhook-owner.ts';
import { deliveryQuery, deliveryView, type DeliveryView } from './delivery-view.ts';

export interface ListDeliveriesInput {
  subscriptionId?: number;
  status?: DeliveryStatus;
  page?: number;
  size?: number;
  sort?: string[];
}

const SORTABLE = {
  createdAt: 'webhookDeliveries.createdAt',
  nextAttemptAt: 'webhookDeliveries.nextAttemptAt',
  attempts: 'webhookDeliveries.attempts',
  status: 'webhookDeliveries.status',
};

export async function listDeliveries(ctx: Ctx, input: ListDeliveriesInput = {}): Promise<Page<DeliveryView>> {
  const owner = await webhookOwner(ctx);
  const req = pageRequest(input, SORTABLE, [{ column: 'webhookDeliveries.createdAt', direction: 'desc' }]);
  // Another owner's subscription id is a 404, as when reading that subscription.
  if (input.subscriptionId !== undefined) await findOwnSubscription(ctx, owner, input.subscriptionId);
  const query = whereOwnedBy(deliveryQuery(ctx.db), owner);
  if (input.subscriptionId !== undefined)
    query.where('webhookDeliveries.subscriptionId', input.subscriptionId);
  if (input.status) query.where('webhookDeliveries.status', input.status);
  const { rows, total } = await paginate<DeliveryView>(query.toKnexQuery(), req, 'webhookDeliveries.id');
  return pageOf(rows.map(deliveryView), total, req);
}
