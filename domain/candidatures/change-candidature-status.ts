/**
 * PATCH /candidatures/{candidatureId}/status: a recruiter of the offer's company moves an
 * application along the pipeline (candidature-statuses.ts), else 409 INVALID_TRANSITION.
 *
 * Counters stay exact under concurrent changes: the candidature row is locked (FOR UPDATE) and
 * its status re-read inside the transaction, the status UPDATE is conditional on that status,
 * and the two counters move in the same transaction. Two changes of one application run one
 * after the other (the second sees the first's result); changes of different applications of one
 * offer queue on the offer row. Writes a candidature_status_history row and the events
 * `candidature.status_changed` and, on HIRED, `candidat.hired`; a status that matters to the
 * candidate (IN_PROGRESS, TO_MEET, HIRED, REJECTED) emails them, unless they turned it off.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { recordEvent } from '../events/index.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { inRetriedTransaction } from '../shared/index.ts';
import { Candidature, type CandidatureStatus } from '../../models/candidature.ts';
import { CandidatureStatusHistory } from '../../models/candidature-status-history.ts';
import { COUNTER_COLUMN, canMove } from './candidature-statuses.ts';
import { findEntrepriseCandidature } from './entreprise-candidature.ts';
import { loadApplicationDetail, type ApplicationDetail } from './candidature-view.ts';
import { isNotifiedStatus } from './candidature-emails.ts';
import { notificationSecret } from './notification-links.ts';
import { notifyStatusChange } from './notify-candidature.ts';

export async function changeCandidatureStatus(
  ctx: Ctx,
  candidatureId: number,
  input: { status: CandidatureStatus; reason?: string | null },
): Promise<ApplicationDetail> {
  const recruteur = await requireActiveRecruteur(ctx);
  const { entrepriseId } = await findEntrepriseCandidature(ctx, recruteur, candidatureId);
  const secret = await notificationSecret(ctx);
  await inRetriedTransaction(ctx, async (t) => {
    const row = await Candidature.query(t.db)
      .findById(candidatureId)
      .forUpdate()
      .select('status', 'offreId', 'candidatId');
    if (!row) throw new NotFoundError('Candidature');
    const oldStatus = row.status;
    const newStatus = input.status;
    if (!canMove(oldStatus, newStatus)) {
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual(
          `Une candidature ne peut pas passer de ${oldStatus} à ${newStatus}`,
          `An application cannot move from ${oldStatus} to ${newStatus}`,
        ),
      );
    }
    const now = t.clock.now();
    const n = await Candidature.query(t.db)
      .findById(candidatureId)
      .where({ status: oldStatus })
      .patch({ status: newStatus, lastActionDate: now, updatedAt: now });
    if (n !== 1)
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual(
          'La candidature a changé entre-temps ; rechargez-la',
          'The application changed meanwhile; reload it',
        ),
      );
    await CandidatureStatusHistory.query(t.db).insert({
      candidatureId,
      oldStatus,
      newStatus,
      reason: input.reason?.trim() || null,
      changedByAccountId: recruteur.id,
      changedAt: now,
    });
    const data = { candidatureId, offreId: row.offreId, candidatId: row.candidatId, oldStatus, newStatus };
    await recordEvent(t, 'candidature.status_changed', data, { entrepriseId });
    if (newStatus === 'HIRED') {
      await recordEvent(
        t,
        'candidat.hired',
        { candidatureId, offreId: row.offreId, candidatId: row.candidatId },
        { entrepriseId },
      );
    }
    if (isNotifiedStatus(newStatus)) await notifyStatusChange(t, secret, candidatureId, newStatus);
    // Last, so the offer row (shared by every application of the offer) stays locked as briefly as possible.
    const from = COUNTER_COLUMN[oldStatus];
    const to = COUNTER_COLUMN[newStatus];
    await t.db.raw(`UPDATE offres SET ${from} = ${from} - 1, ${to} = ${to} + 1 WHERE id = ?`, [row.offreId]);
  });
  return (await loadApplicationDetail(ctx, candidatureId))!;
}
