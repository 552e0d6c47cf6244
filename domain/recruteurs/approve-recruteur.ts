/** PENDING_APPROVAL -> ACTIVE (administrator approval); emits `recruiter.approved` and emails the recruiter. */
import type { Ctx } from '../context.ts';
import { recordEvent } from '../events/index.ts';
import { enqueueEmail, recruteurApprovedEmail } from '../mail/index.ts';
import { applyAdminTransition } from './admin-transition.ts';
import type { RecruteurAdminItem } from './recruteur-admin-view.ts';

export function approveRecruteur(
  ctx: Ctx,
  recruteurId: number,
  reason: string | null = null,
): Promise<RecruteurAdminItem> {
  return applyAdminTransition(ctx, recruteurId, reason, {
    action: 'recruiter.approve',
    move: 'approve',
    effects: async (t, r) => {
      await recordEvent(
        t,
        'recruiter.approved',
        { recruiterId: r.id, entrepriseId: r.entrepriseId },
        { entrepriseId: r.entrepriseId },
      );
      await enqueueEmail(
        t,
        recruteurApprovedEmail(t, {
          to: r.email,
          langue: r.langue,
          prenom: r.prenom,
          nomEntreprise: r.nomEntreprise,
        }),
      );
    },
  });
}
