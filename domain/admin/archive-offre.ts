/**
 * POST /admin/offres/{id}/archive: moderation close of a PUBLISHED offer (-> ARCHIVED) with the
 * `offre.closed` event, as when its recruiter archives it. The UPDATE is conditional on the
 * status, so a concurrent archive (recruiter, deadline job) makes this one a 409, never a second event.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { ConflictError } from '../errors.ts';
import { recordEvent } from '../events/record-event.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { loadAdminOffre, type AdminOffreView } from './offre-admin-view.ts';

export async function archiveOffreByAdmin(
  ctx: Ctx,
  input: { offreId: number; reason?: string | null },
): Promise<AdminOffreView> {
  return inTransaction(ctx, async (t) => {
    const offre = await loadAdminOffre(t.db, input.offreId);
    const now = t.clock.now();
    const n = await t
      .db('offres')
      .where({ id: offre.id, status: 'PUBLISHED' })
      .update({ status: 'ARCHIVED', archivedAt: now, updatedAt: now });
    if (n !== 1)
      throw new ConflictError(
        'INVALID_TRANSITION',
        `Only a PUBLISHED offer can be archived (this one is ${offre.status})`,
      );
    await recordEvent(
      t,
      'offre.closed',
      { offreId: offre.id, reason: 'ADMIN_ARCHIVED' },
      { entrepriseId: offre.entrepriseId },
    );
    await recordAudit(
      t,
      'offre.archived',
      { type: 'offre', id: offre.id },
      input.reason ? { reason: input.reason } : null,
    );
    return loadAdminOffre(t.db, offre.id);
  });
}
