/** POST /admin/candidates/{id}/disable: the candidate can no longer sign in; its tokens die at once. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { setAccountEnabled } from '../auth/index.ts';
import { loadAdminCandidat, type AdminCandidatView } from './candidat-admin-view.ts';

export async function disableCandidat(ctx: Ctx, input: { candidateId: number }): Promise<AdminCandidatView> {
  return inTransaction(ctx, async (t) => {
    await loadAdminCandidat(t.db, input.candidateId);
    const { revokedTokens } = await setAccountEnabled(t, input.candidateId, false);
    await recordAudit(
      t,
      'candidate.disabled',
      { type: 'candidate', id: input.candidateId },
      { revokedTokens },
    );
    return loadAdminCandidat(t.db, input.candidateId);
  });
}
