/**
 * The Pending recruiter item `{id, nom, prenom, email, telephone, posteOccupe, status,
 * entreprise, createdAt}`, also returned by the admin actions. `status` is the real state
 * (PENDING_APPROVAL for those awaiting approval; PENDING is accepted as its alias in filters).
 * Companies are loaded in one batch (no N+1).
 */
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { loadEntrepriseViews } from '../entreprises/index.ts';
import type { PendingRecruteur } from '../shapes/index.ts';
import { recruteurIdentityQuery, toRecruteurIdentity } from './recruteur-identity.ts';

/** The static type of the PendingRecruteur shape (domain/shapes/recruteur.ts). */
export type RecruteurAdminItem = Static<typeof PendingRecruteur>;

interface Row extends Omit<RecruteurAdminItem, 'entreprise'> {
  entrepriseId: number;
}

export async function loadRecruteurAdminItems(ctx: Ctx, ids: number[]): Promise<RecruteurAdminItem[]> {
  if (!ids.length) return [];
  const rows = await recruteurIdentityQuery(ctx.db)
    .select('r.entrepriseId', 'r.createdAt')
    .whereIn('r.id', ids)
    .castTo<Row[]>();
  const entreprises = await loadEntrepriseViews(
    ctx.db,
    rows.map((r) => r.entrepriseId),
    ctx.config.publicUrl,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is Row => Boolean(r))
    .map((r) => ({
      ...toRecruteurIdentity(r),
      createdAt: r.createdAt,
      entreprise: entreprises.get(r.entrepriseId) ?? null,
    }));
}
