/**
 * Since when a subscription has been failing: the time of its first failed attempt (no answer, or
 * an answer other than 2xx) after its last successful one. A subscription whose last attempt
 * succeeded, or that never had an attempt, is not failing. Set-based: one query for any number of
 * subscriptions.
 */
import type { Ctx } from '../context.ts';

export async function failingSince(ctx: Ctx, subscriptionIds?: number[]): Promise<Map<number, Date>> {
  if (subscriptionIds && subscriptionIds.length === 0) return new Map();
  const attempts = () => {
    // eslint-disable-next-line no-restricted-syntax -- SQL: GROUP BY subscription with MIN/MAX over attempts, joined to a derived table
    const q = ctx
      .db('webhookDeliveryAttempts as a')
      .join('webhookDeliveries as d', 'd.id', 'a.deliveryId')
      .groupBy('d.subscriptionId');
    if (subscriptionIds) q.whereIn('d.subscriptionId', subscriptionIds);
    return q;
  };
  const lastSuccess = attempts()
    .where('a.statusCode', '>=', 200)
    .where('a.statusCode', '<', 300)
    .select('d.subscriptionId')
    .max({ lastOk: 'a.createdAt' });
  const rows = (await attempts()
    .leftJoin(lastSuccess.as('ok'), 'ok.subscriptionId', 'd.subscriptionId')
    .where((w) => {
      w.whereNull('a.statusCode').orWhere('a.statusCode', '>=', 300);
    })
    .where((w) => {
      w.whereNull('ok.lastOk').orWhereRaw('?? > ??', ['a.createdAt', 'ok.lastOk']);
    })
    .select('d.subscriptionId')
    .min({ since: 'a.createdAt' })) as { subscriptionId: number; since: Date }[];
  return new Map(rows.map((r) => [Number(r.subscriptionId), new Date(r.since)]));
}
