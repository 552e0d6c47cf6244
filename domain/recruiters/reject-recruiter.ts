/** PENDING_DOCS | PENDING_APPROVAL -> REJECTED, with a required reason; emails the recruiter. */
import type { Ctx } from '../context.ts';
import { enqueueEmail, recruiterRejectedEmail } from '../mail/index.ts';
import { applyAdminTransition } from './admin-transition.ts';
import type { RecruiterAdminItem } from './recruiter-admin-view.ts';

export function rejectRecruiter(ctx: Ctx, recruiterId: number, reason: string): Promise<RecruiterAdminItem> {
  return applyAdminTransition(ctx, recruiterId, reason, {
    action: 'recruiter.reject',
    move: 'reject',
    effects: async (t, r, why) => {
      await enqueueEmail(
        t,
        recruiterRejectedEmail({ to: r.email, langue: r.langue, prenom: r.prenom, reason: why ?? '' }),
      );
    },
  });
}
