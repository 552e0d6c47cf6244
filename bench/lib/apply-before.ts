/**
 * The application use case as it was before it became one transaction of 5 statements (10 round
 * trips per request, the token lookup and the answer's read included), kept so that bench/api.ts
 * measures both in the same run: `apply <R>x before`. Not used by the API.
 *
 * POST /candidatures: a candidate applies to a PUBLISHED offer before its deadline (a date,
 * inclusive, Cameroon time), once. In one transaction:
 * - the offer row is locked first (SELECT ... FOR UPDATE): concurrent applications to one offer
 *   queue on it instead of deadlocking on the shared locks their foreign-key checks take;
 * - the INSERT decides "once per offer": the unique index (offre_id, candidat_id) refuses a
 *   second row, also when two requests race (409 ALREADY_APPLIED);
 * - totalCandidatures and nouveaux are incremented, a status-history row and the
 *   `candidature.created` event ({candidatureId, offreId, candidatId, statut}) are written.
 */
import type { Ctx } from '../../domain/context.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { isDuplicateKeyError } from '../../lib/db-errors.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { currentCandidatId } from '../../domain/candidats/current-candidat.ts';
import { inRetriedTransaction } from '../../domain/shared/transaction-retry.ts';
import { localDate } from '../../domain/shared/local-date.ts';
import type { OffreStatus } from '../../models/offre.ts';
import {
  myCandidaturesQuery,
  toMyCandidature,
  type MyCandidature,
} from '../../domain/candidatures/candidature-view.ts';

export async function applyToOffreBefore(
  ctx: Ctx,
  input: { offreId: number; lettreMotivation?: string | null },
): Promise<MyCandidature> {
  const candidatId = currentCandidatId(ctx);
  const id = await inRetriedTransaction(ctx, async (t) => {
    const offre = (await t
      .db('offres')
      .where({ id: input.offreId })
      .forUpdate()
      .first('id', 'entrepriseId', 'status', 'deadline')) as
      { id: number; entrepriseId: number; status: OffreStatus; deadline: string | null } | undefined;
    const entreprise = offre
      ? await t.db('entreprises').where({ id: offre.entrepriseId, status: 'ACTIVE' }).first('id')
      : undefined;
    if (!offre || offre.status === 'DRAFT' || !entreprise) throw new NotFoundError('Offre');
    const now = t.clock.now();
    if (offre.status !== 'PUBLISHED')
      throw new ConflictError('CONFLICT', 'This offer is closed to applications', `offer is ${offre.status}`);
    if (offre.deadline && offre.deadline < localDate(now)) {
      throw new ConflictError(
        'CONFLICT',
        'The deadline of this offer has passed',
        `deadline: ${offre.deadline}`,
      );
    }
    let candidatureId: number;
    try {
      [candidatureId] = await t.db('candidatures').insert({
        offreId: offre.id,
        candidatId,
        status: 'NEW',
        lettreMotivation: input.lettreMotivation?.trim() || null,
        dateCandidature: now,
        lastActionDate: now,
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isDuplicateKeyError(err))
        throw new ConflictError('ALREADY_APPLIED', 'You have already applied to this offer');
      throw err;
    }
    await t.db.raw(
      'UPDATE offres SET total_candidatures = total_candidatures + 1, nouveaux = nouveaux + 1 WHERE id = ?',
      [offre.id],
    );
    await t.db('candidatureStatusHistory').insert({
      candidatureId,
      oldStatus: null,
      newStatus: 'NEW',
      changedByAccountId: candidatId,
      changedAt: now,
    });
    await recordEvent(
      t,
      'candidature.created',
      { candidatureId, offreId: offre.id, candidatId, statut: 'NEW' },
      { entrepriseId: offre.entrepriseId },
    );
    return candidatureId;
  });
  const row = await myCandidaturesQuery(ctx.db, candidatId).where('c.id', id).first();
  return toMyCandidature(row, ctx.config.publicUrl);
}
