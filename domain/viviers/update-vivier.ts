/** Renames / re-describes a pool of the recruiter's company (PUT: an omitted description is cleared). */
import type { Ctx } from '../context.ts';
import { ownVivier } from './own-vivier.ts';
import { getVivier } from './get-vivier.ts';
import type { VivierInput } from './create-vivier.ts';
import type { VivierView } from './vivier-view.ts';

export async function updateVivier(ctx: Ctx, vivierId: number, input: VivierInput): Promise<VivierView> {
  await ownVivier(ctx, vivierId);
  await ctx
    .db('viviers')
    .where({ id: vivierId })
    .update({
      nom: input.nom.trim(),
      description: input.description?.trim() || null,
      updatedAt: ctx.clock.now(),
    });
  return getVivier(ctx, vivierId);
}
