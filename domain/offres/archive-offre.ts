/**
 * POST /offres/{offreId}/archive: PUBLISHED -> ARCHIVED, emits `offre.closed` in the same
 * transaction. The conditional UPDATE makes a race with the deadline job harmless: one of the two
 * closes the offer, the other sees it already closed.
 */
import type { Ctx } from '../context.ts';
import { ConflictError } from '../errors.ts';
import { inTransaction } from '../context.ts';
import { recordEvent } from '../events/record-event.ts';
import { requireActiveRecruiter } from '../recruiters/current-recruiter.ts';
import { findCompanyOffre } from './company-offre.ts';
import { loadOffreView, type OffreView } from './offre-view.ts';

export async function archiveOffre(ctx: Ctx, offreId: number): Promise<OffreView> {
  const recruiter = await requireActiveRecruiter(ctx);
  const offre = await findCompanyOffre(ctx, recruiter, offreId);
  await inTransaction(ctx, async (t) => {
    const now = t.clock.now();
    const n = await t
      .db('offres')
      .where({ id: offreId, status: 'PUBLISHED' })
      .update({ status: 'ARCHIVED', archivedAt: now, updatedAt: now });
    if (n !== 1) throw new ConflictError('INVALID_TRANSITION', 'Only a published offer can be archived');
    await recordEvent(
      t,
      'offre.closed',
      { offreId, entrepriseId: offre.entrepriseId, reason: 'ARCHIVED' },
      { entrepriseId: offre.entrepriseId },
    );
  });
  return (await loadOffreView(ctx, offreId))!;
}
