/** POST /offres: an ACTIVE recruiter creates a DRAFT offer for its company. */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { offreColumns, type OffreInput } from './offre-input.ts';
import { loadOffreView, type OffreView } from './offre-view.ts';
import { Offre, type ContractType } from '../../models/offre.ts';

export async function createOffre(
  ctx: Ctx,
  input: OffreInput & { titre: string; contractType: ContractType },
): Promise<OffreView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const cols = await offreColumns(ctx, { competences: [], ...input });
  const now = ctx.clock.now();
  const { id } = await Offre.query(ctx.db).insert({
    ...cols,
    entrepriseId: recruteur.entrepriseId,
    recruteurId: recruteur.id,
    status: 'DRAFT',
    createdAt: now,
    updatedAt: now,
  });
  return (await loadOffreView(ctx, id))!;
}
