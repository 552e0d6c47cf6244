/** A new talent pool for the signed-in recruiter's company. */
import type { Ctx } from '../context.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { getVivier } from './get-vivier.ts';
import type { VivierView } from './vivier-view.ts';
import { Vivier } from '../../models/vivier.ts';

export interface VivierInput {
  nom: string;
  description?: string | null;
}

export async function createVivier(ctx: Ctx, input: VivierInput): Promise<VivierView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const now = ctx.clock.now();
  const { id } = await Vivier.query(ctx.db).insert({
    entrepriseId: recruteur.entrepriseId,
    nom: input.nom.trim(),
    description: input.description?.trim() || null,
    createdBy: recruteur.id,
    createdAt: now,
    updatedAt: now,
  });
  return getVivier(ctx, id);
}
