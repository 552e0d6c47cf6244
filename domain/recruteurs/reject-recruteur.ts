/** PENDING_DOCS | PENDING_APPROVAL -> REJECTED, with a required reason; emails the recruiter. */
import type { Ctx } from '../context.ts';
import { enqueueEmail, recruteurRejectedEmail } from '../mail/index.ts';
import { applyAdminTransition } from './admin-transition.ts';
import type { RecruteurAdminItem } from './recruteur-admin-view.ts';

export function rejectRecruteur(ctx: Ctx, recruteurId: number, reason: string): Promise<RecruteurAdminItem> {
  return applyAdminTransition(ctx, recruteurId, reason, {
    action: 'recruiter.reject',
    move: 'reject',
    effects: async (t, r, why) => {
      await enqueueEmail(
        t,
        recruteurRejectedEmail({ to: r.email, langue: r.langue, prenom: r.prenom, reason: why ?? '' }),
      );
    },
  });
}
