/**
 * The one way an offer closes: PUBLISHED -> ARCHIVED with its `offre.closed` event, in the
 * caller's transaction. Used by the recruiter's archive, the administrators' moderation archive
 * and the deadline job, so the three emit the same payload and differ only in `reason`.
 *
 * The UPDATE is conditional on the status, so of two concurrent closes (recruiter, administrator,
 * deadline job, a second worker) exactly one applies and emits the event; the other sees false.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { recordEvent } from '../events/index.ts';
import { Offre } from '../../models/offre.ts';
import { offreStatusesBefore } from './offre-statuses.ts';

export type OffreCloseReason = 'ARCHIVED' | 'ADMIN_ARCHIVED' | 'DEADLINE_PASSED';

/** Closes the offer; false when it was no longer in a status that may close (nothing written). */
export async function closeOffre(
  t: Ctx,
  offre: { id: number; entrepriseId: number },
  reason: OffreCloseReason,
): Promise<boolean> {
  const now = t.clock.now();
  const n = await Offre.query(t.db)
    .findById(offre.id)
    .whereIn('status', offreStatusesBefore('ARCHIVED'))
    .patch({ status: 'ARCHIVED', archivedAt: now, updatedAt: now });
  if (n !== 1) return false;
  await recordEvent(
    t,
    'offre.closed',
    { offreId: offre.id, entrepriseId: offre.entrepriseId, reason },
    { entrepriseId: offre.entrepriseId },
  );
  return true;
}

/** closeOffre for a person's request: an offer that cannot close is 409 INVALID_TRANSITION. */
export async function closeOffreOrFail(
  t: Ctx,
  offre: { id: number; entrepriseId: number },
  reason: OffreCloseReason,
): Promise<void> {
  if (await closeOffre(t, offre, reason)) return;
  throw new ConflictError(
    'INVALID_TRANSITION',
    bilingual('Seule une offre publiée peut être archivée', 'Only a published offer can be archived'),
  );
}
