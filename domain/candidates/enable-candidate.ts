/** POST /admin/candidates/{id}/enable: the candidate may sign in again (old tokens stay revoked). */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { setAccountEnabled } from '../auth/index.ts';
import { loadAdminCandidate, type AdminCandidateView } from './candidate-admin-view.ts';

export async function enableCandidate(ctx: Ctx, input: { candidateId: number }): Promise<AdminCandidateView> {
  return inTransaction(ctx, async (t) => {
    await loadAdminCandidate(t.db, input.candidateId);
    await setAccountEnabled(t, input.candidateId, true);
    await recordAudit(t, 'candidate.enabled', { type: 'candidate', id: input.candidateId });
    return loadAdminCandidate(t.db, input.candidateId);
  });
}
