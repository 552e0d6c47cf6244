/**
 * ACTIVE -> SUSPENDED, with a required reason: every token of the recruiter is revoked in the same
 * transaction (logged out on every API instance at once), `recruiter.suspended` is emitted and the
 * recruiter is emailed.
 */
import type { Ctx } from '../context.ts';
import { recordEvent } from '../events/index.ts';
import { enqueueEmail, recruteurSuspendedEmail } from '../mail/index.ts';
import { revokeAllTokensOfAccount } from '../auth/index.ts';
import { applyAdminTransition } from './admin-transition.ts';
import type { RecruteurAdminItem } from './recruteur-admin-view.ts';

export function suspendRecruteur(ctx: Ctx, recruteurId: number, reason: string): Promise<RecruteurAdminItem> {
  return applyAdminTransition(ctx, recruteurId, reason, {
    action: 'recruiter.suspend',
    move: 'suspend',
    effects: async (t, r, why) => {
      await revokeAllTokensOfAccount(t.db, r.id, t.clock.now());
      await recordEvent(
        t,
        'recruiter.suspended',
        { recruiterId: r.id, entrepriseId: r.entrepriseId, reason: why },
        { entrepriseId: r.entrepriseId },
      );
      await enqueueEmail(
        t,
        recruteurSuspendedEmail({ to: r.email, langue: r.langue, prenom: r.prenom, reason: why ?? '' }),
      );
    },
  });
}
