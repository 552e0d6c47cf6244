/** DELETE /offres/{offreId}: only a DRAFT can be deleted (a published offer is archived instead). */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError } from '../errors.ts';
import { Offre } from '../../models/offre.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseOffre } from './entreprise-offre.ts';
import { DELETABLE_OFFRE_STATUSES } from '../offre-lifecycle/index.ts';

export async function deleteOffre(ctx: Ctx, offreId: number): Promise<void> {
  const recruteur = await requireActiveRecruteur(ctx);
  await findEntrepriseOffre(ctx, recruteur, offreId);
  const n = await Offre.query(ctx.db).findById(offreId).whereIn('status', DELETABLE_OFFRE_STATUSES).delete();
  if (n !== 1)
    throw new ConflictError(
      'INVALID_TRANSITION',
      bilingual(
        'Seule une offre en brouillon peut être supprimée ; archivez une offre publiée',
        'Only a draft offer can be deleted; archive a published one',
      ),
    );
}
