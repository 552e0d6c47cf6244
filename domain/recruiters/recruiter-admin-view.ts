/**
 * The spec's Pending recruiter item `{id, nom, prenom, email, telephone, posteOccupe, status,
 * entreprise, createdAt}`, also returned by the admin actions. `status` is the real state
 * (PENDING_APPROVAL for those awaiting approval; api-contract.md accepts PENDING as its alias in
 * filters). Companies are loaded in one batch (no N+1).
 */
import type { Ctx } from '../context.ts';
import { loadCompanyViews, type CompanyView } from '../companies/company-view.ts';
import type { RecruiterStatus } from '../../models/recruiter.ts';

export interface RecruiterAdminItem {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  posteOccupe: string | null;
  status: RecruiterStatus;
  entreprise: CompanyView | null;
  createdAt: Date;
}

interface Row extends Omit<RecruiterAdminItem, 'entreprise'> {
  entrepriseId: number;
}

export async function loadRecruiterAdminItems(ctx: Ctx, ids: number[]): Promise<RecruiterAdminItem[]> {
  if (!ids.length) return [];
  const rows = (await ctx
    .db('recruiters as r')
    .join('accounts as a', 'a.id', 'r.id')
    .whereIn('r.id', ids)
    .select(
      'r.id',
      'r.nom',
      'r.prenom',
      'a.email',
      'r.telephone',
      'r.posteOccupe',
      'r.status',
      'r.entrepriseId',
      'r.createdAt',
    )) as Row[];
  const companies = await loadCompanyViews(
    ctx.db,
    rows.map((r) => r.entrepriseId),
    ctx.config.publicUrl,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is Row => Boolean(r))
    .map(({ entrepriseId, ...r }) => ({ ...r, entreprise: companies.get(entrepriseId) ?? null }));
}
