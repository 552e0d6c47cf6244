/** POST /admin/candidates/{id}/enable: the candidate may sign in again (old tokens stay revoked). */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { setAccountEnabled } from '../auth/index.ts';
import { loadAdminCandidat, type AdminCandidatView } from './candidat-admin-view.ts';

export async function enableCandidat(ctx: Ctx, input: { candidateId: number }): Promise<AdminCandidatView> {
  return inTransaction(ctx, async (t) => {
    await loadAdminCandidat(t.db, input.candidateId);
    await setAccountEnabled(t, input.candidateId, true);
    await recordAudit(t, 'candidate.enabled', { type: 'candidate', id: input.candidateId });
    return loadAdminCandidat(t.db, input.candidateId);
  });
}
