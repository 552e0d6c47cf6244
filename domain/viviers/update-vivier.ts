/** Renames / re-describes a pool of the recruiter's company (PUT: an omitted description is cleared). */
import type { Ctx } from '../context.ts';
import { ownVivier } from './own-vivier.ts';
import { getVivier } from './get-vivier.ts';
import type { VivierInput } from './create-vivier.ts';
import type { VivierView } from './vivier-view.ts';
import { Vivier } from '../../models/vivier.ts';

export async function updateVivier(ctx: Ctx, vivierId: number, input: VivierInput): Promise<VivierView> {
  await ownVivier(ctx, vivierId);
  await Vivier.query(ctx.db)
    .findById(vivierId)
    .patch({
      nom: input.nom.trim(),
      description: input.description?.trim() || null,
      updatedAt: ctx.clock.now(),
    });
  return getVivier(ctx, vivierId);
}
