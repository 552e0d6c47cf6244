/**
 * Replaying many deliveries at once (`recrutement deliveries replay <id...> | --all-dead`): each is
 * replayed on its own through replayDelivery, so an unknown id does not stop the others; the
 * outcomes say which were replayed and why the others were not.
 */
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { MAX_PAGE_SIZE } from '../shared/index.ts';
import type { DeliveryStatus } from '../../models/webhook-delivery.ts';
import { listDeliveries } from './list-deliveries.ts';
import { replayDelivery } from './replay-delivery.ts';

export interface ReplayOutcome {
  id: number;
  replayed: boolean;
  status?: DeliveryStatus;
  error?: { code: string; message: string };
}

/** Every DEAD delivery id the caller may see, read before any replay (a replayed delivery leaves the DEAD filter, shifting pages). */
export async function deadDeliveryIds(ctx: Ctx): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const chunk = await listDeliveries(ctx, {
      status: 'DEAD',
      page,
      size: MAX_PAGE_SIZE,
      sort: ['createdAt,asc'],
    });
    ids.push(...chunk.content.map((d) => d.id));
    if (page + 1 >= chunk.page.totalPages) return ids;
  }
}

export async function replayDeliveries(ctx: Ctx, ids: readonly number[]): Promise<ReplayOutcome[]> {
  const outcomes: ReplayOutcome[] = [];
  for (const id of ids) {
    try {
      const d = await replayDelivery(ctx, id);
      outcomes.push({ id, replayed: true, status: d.status });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      outcomes.push({ id, replayed: false, error: { code: err.code, message: err.message } });
    }
  }
  return outcomes;
}
