/**
 * Hourly job `offres:close-expired`: PUBLISHED offers whose deadline
 * (a date, inclusive: the offer stays open all day long) has passed become ARCHIVED and emit
 * `offre.closed` (close-offre.ts, reason DEADLINE_PASSED). Each offer is closed in its own
 * transaction with its event; a concurrent archive by the recruiter or a second worker is harmless.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { localDate } from '../shared/index.ts';
import { Offre } from '../../models/offre.ts';
import { closeOffre } from '../offre-lifecycle/index.ts';

export async function closeExpiredOffres(
  ctx: Ctx,
  opts: { batchSize?: number } = {},
): Promise<{ closed: number[] }> {
  const today = localDate(ctx.clock.now());
  const expired = await Offre.query(ctx.db)
    .where({ status: 'PUBLISHED' })
    .where('deadline', '<', today)
    .orderBy('id')
    .limit(opts.batchSize ?? 1000)
    .select('id', 'entrepriseId');
  const closed: number[] = [];
  for (const offre of expired) {
    // One transaction per offer: a failure leaves the others closed.
    if (await inTransaction(ctx, (t) => closeOffre(t, offre, 'DEADLINE_PASSED'))) closed.push(offre.id);
  }
  return { closed };
}
