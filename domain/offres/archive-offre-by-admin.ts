/**
 * POST /admin/offres/{id}/archive: moderation close of an offer (close-offre.ts: PUBLISHED ->
 * ARCHIVED with the same `offre.closed` as a recruiter's archive, reason ADMIN_ARCHIVED), audited.
 * Any other status, a concurrent close included, is 409 and never a second event.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { closeOffreOrFail } from '../offre-lifecycle/index.ts';
import { loadAdminOffre, type AdminOffreView } from './offre-admin-view.ts';

export async function archiveOffreByAdmin(
  ctx: Ctx,
  input: { offreId: number; reason?: string | null },
): Promise<AdminOffreView> {
  return inTransaction(ctx, async (t) => {
    const offre = await loadAdminOffre(t.db, input.offreId);
    await closeOffreOrFail(t, offre, 'ADMIN_ARCHIVED');
    await recordAudit(
      t,
      'offre.archived',
      { type: 'offre', id: offre.id },
      input.reason ? { reason: input.reason } : null,
    );
    return loadAdminOffre(t.db, offre.id);
  });
}
