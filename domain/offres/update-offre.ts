/**
 * PUT /offres/{offreId}: a partial update, by the rules of the route's description (which fields,
 * which states).
 * A PUBLISHED offer is screened again by the scam rules after the change (domain/trust).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseOffre } from './entreprise-offre.ts';
import { EDITABLE_OFFRE_STATUSES } from '../offre-lifecycle/index.ts';
import { offreColumns, type OffreInput } from './offre-input.ts';
import { loadOffreView, type OffreView } from './offre-view.ts';
import { Offre } from '../../models/offre.ts';
import { screenAfterEdit } from '../trust/index.ts';

const archived = () =>
  new ConflictError(
    'INVALID_TRANSITION',
    bilingual('Une offre archivée ne peut pas être modifiée', 'An archived offer cannot be edited'),
  );

export async function updateOffre(ctx: Ctx, offreId: number, input: OffreInput): Promise<OffreView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const current = await findEntrepriseOffre(ctx, recruteur, offreId);
  if (!EDITABLE_OFFRE_STATUSES.includes(current.status)) throw archived();
  const cols = await offreColumns(ctx, input, current);
  if (Object.keys(cols).length) {
    // Guarded by status: an archive that commits meanwhile wins and this edit is refused.
    const n = await Offre.query(ctx.db)
      .where({ id: offreId })
      .whereIn('status', EDITABLE_OFFRE_STATUSES)
      .patch({ ...cols, updatedAt: ctx.clock.now() });
    if (n !== 1) throw archived();
    // A published offer edited into asking for money is hidden and held (domain/trust).
    await screenAfterEdit(ctx, offreId);
  }
  return (await loadOffreView(ctx, offreId))!;
}
