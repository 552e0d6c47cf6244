/**
 * The Pending recruiter item `{id, nom, prenom, email, telephone, posteOccupe, status,
 * entreprise, createdAt}`, also returned by the admin actions. `status` is the real state
 * (PENDING_APPROVAL for those awaiting approval; PENDING is accepted as its alias in filters).
 * Companies are loaded in one batch (no N+1).
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { loadCompanyViews } from '../companies/index.ts';
import type { PendingRecruiter } from '../shapes/index.ts';
import { recruiterIdentityQuery, toRecruiterIdentity } from './recruiter-identity.ts';

/** The static type of the PendingRecruiter shape (domain/shapes/recruiter.ts). */
export type RecruiterAdminItem = Static<typeof PendingRecruiter>;

interface Row extends Omit<RecruiterAdminItem, 'entreprise'> {
  entrepriseId: number;
}

export async function loadRecruiterAdminItems(ctx: Ctx, ids: number[]): Promise<RecruiterAdminItem[]> {
  if (!ids.length) return [];
  const rows = await recruiterIdentityQuery(ctx.db)
    .select('r.entrepriseId', 'r.createdAt')
    .whereIn('r.id', ids)
    .castTo<Row[]>();
  const companies = await loadCompanyViews(
    ctx.db,
    rows.map((r) => r.entrepriseId),
    ctx.config.publicUrl,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is Row => Boolean(r))
    .map((r) => ({
      ...toRecruiterIdentity(r),
      createdAt: r.createdAt,
      entreprise: companies.get(r.entrepriseId) ?? null,
    }));
}
