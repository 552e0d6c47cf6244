/** POST /admin/candidates/{id}/disable: the candidate can no longer sign in; its tokens die at once. */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { setAccountEnabled } from '../auth/index.ts';
import { loadAdminCandidate, type AdminCandidateView } from './candidate-admin-view.ts';

export async function disableCandidate(
  ctx: Ctx,
  input: { candidateId: number },
): Promise<AdminCandidateView> {
  return inTransaction(ctx, async (t) => {
    await loadAdminCandidate(t.db, input.candidateId);
    const { revokedTokens } = await setAccountEnabled(t, input.candidateId, false);
    await recordAudit(
      t,
      'candidate.disabled',
      { type: 'candidate', id: input.candidateId },
      { revokedTokens },
    );
    return loadAdminCandidate(t.db, input.candidateId);
  });
}
