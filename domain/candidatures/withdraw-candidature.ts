/**
 * DELETE /candidats/me/candidatures/{candidatureId}: the candidate withdraws an application while
 * it is NEW or IN_PROGRESS (409 INVALID_TRANSITION later). The row goes and the offer's
 * counters follow in the same transaction (candidature row locked first, as for status changes).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { currentCandidatId } from '../candidats/index.ts';
import { inRetriedTransaction } from '../shared/index.ts';
import { Candidature } from '../../models/candidature.ts';
import { COUNTER_COLUMN, WITHDRAWABLE } from './candidature-statuses.ts';

export async function withdrawCandidature(ctx: Ctx, candidatureId: number): Promise<void> {
  const candidatId = currentCandidatId(ctx);
  await inRetriedTransaction(ctx, async (t) => {
    const row = await Candidature.query(t.db)
      .findById(candidatureId)
      .where({ candidatId })
      .forUpdate()
      .select('status', 'offreId');
    if (!row) throw new NotFoundError('Candidature');
    if (!WITHDRAWABLE.includes(row.status)) {
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual(
          `Une candidature au statut ${row.status} ne peut plus être retirée`,
          `An application in status ${row.status} can no longer be withdrawn`,
        ),
      );
    }
    await Candidature.query(t.db).findById(candidatureId).where({ status: row.status }).delete();
    const col = COUNTER_COLUMN[row.status];
    await t.db.raw(
      `UPDATE offres SET total_candidatures = total_candidatures - 1, ${col} = ${col} - 1 WHERE id = ?`,
      [row.offreId],
    );
  });
}
