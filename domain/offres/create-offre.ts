/** POST /offres: an ACTIVE recruiter creates a DRAFT offer for its company. */
import type { Ctx } from '../context.ts';
import { requireActiveRecruiter } from '../recruiters/current-recruiter.ts';
import { offreColumns, type OffreInput } from './offre-input.ts';
import { loadOffreView, type OffreView } from './offre-view.ts';
import type { ContractType } from '../../models/offre.ts';

export async function createOffre(
  ctx: Ctx,
  input: OffreInput & { titre: string; contractType: ContractType },
): Promise<OffreView> {
  const recruiter = await requireActiveRecruiter(ctx);
  const cols = await offreColumns(ctx, { competences: [], ...input });
  const now = ctx.clock.now();
  // eslint-disable-next-line no-restricted-syntax -- SQL: offreColumns (offre-input.ts) gives competences as JSON text; Offre's jsonAttributes would encode it twice
  const [id] = await ctx.db('offres').insert({
    ...cols,
    entrepriseId: recruiter.entrepriseId,
    recruteurId: recruiter.id,
    status: 'DRAFT',
    createdAt: now,
    updatedAt: now,
  });
  return (await loadOffreView(ctx, id))!;
}
