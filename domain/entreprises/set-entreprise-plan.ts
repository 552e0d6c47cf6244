/**
 * PUT /admin/entreprises/{id}/plan. A lower plan does not unpublish
 * anything: the quota is checked when an offer is published, so offers already online stay.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { recordAudit } from '../audit/index.ts';
import { Entreprise, type Plan } from '../../models/entreprise.ts';
import { loadAdminEntreprise, type AdminEntrepriseView } from './entreprise-admin-view.ts';

export async function setEntreprisePlan(
  ctx: Ctx,
  input: { entrepriseId: number; plan: Plan },
): Promise<AdminEntrepriseView> {
  return inTransaction(ctx, async (t) => {
    // Lock the company row: a concurrent publish checks its quota against this same row.
    const current = await Entreprise.query(t.db).findById(input.entrepriseId).forUpdate().select('plan');
    const before = await loadAdminEntreprise(t.db, input.entrepriseId);
    if (current?.plan !== input.plan) {
      await Entreprise.query(t.db)
        .findById(input.entrepriseId)
        .patch({ plan: input.plan, updatedAt: t.clock.now() });
    }
    await recordAudit(
      t,
      'entreprise.plan_changed',
      { type: 'entreprise', id: input.entrepriseId },
      { oldPlan: before.plan, newPlan: input.plan },
    );
    return loadAdminEntreprise(t.db, input.entrepriseId);
  });
}
