/** SUSPENDED | REJECTED -> ACTIVE (reason optional); emails the recruiter. */
import type { Ctx } from '../context.ts';
import { enqueueEmail, recruiterReactivatedEmail } from '../mail/index.ts';
import { applyAdminTransition } from './admin-transition.ts';
import type { RecruiterAdminItem } from './recruiter-admin-view.ts';

export function reactivateRecruiter(
  ctx: Ctx,
  recruiterId: number,
  reason: string | null = null,
): Promise<RecruiterAdminItem> {
  return applyAdminTransition(ctx, recruiterId, reason, {
    action: 'recruiter.reactivate',
    move: 'reactivate',
    effects: async (t, r) => {
      await enqueueEmail(t, recruiterReactivatedEmail({ to: r.email, langue: r.langue, prenom: r.prenom }));
    },
  });
}
