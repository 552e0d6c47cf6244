/** SUSPENDED | REJECTED -> ACTIVE (reason optional); emails the recruiter. */
import type { Ctx } from '../context.ts';
import { enqueueEmail, recruteurReactivatedEmail } from '../mail/index.ts';
import { applyAdminTransition } from './admin-transition.ts';
import type { RecruteurAdminItem } from './recruteur-admin-view.ts';

export function reactivateRecruteur(
  ctx: Ctx,
  recruteurId: number,
  reason: string | null = null,
): Promise<RecruteurAdminItem> {
  return applyAdminTransition(ctx, recruteurId, reason, {
    action: 'recruiter.reactivate',
    move: 'reactivate',
    effects: async (t, r) => {
      await enqueueEmail(t, recruteurReactivatedEmail({ to: r.email, langue: r.langue, prenom: r.prenom }));
    },
  });
}
