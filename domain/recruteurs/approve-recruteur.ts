/** An administrator approves a recruiter (POST /admin/recruiters/{id}/approve: the transition, its event and email). */
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
