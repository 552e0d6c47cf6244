/** One pool of the recruiter's company, with its member count. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { vivierView, type VivierView } from './vivier-view.ts';

export function vivierQuery(ctx: Ctx) {
  return ctx
    .db('viviers as v')
    .select(
      'v.id',
      'v.nom',
      'v.description',
      'v.createdAt',
      'v.updatedAt',
      ctx.db.raw('(SELECT COUNT(*) FROM vivier_candidats vc WHERE vc.vivier_id = v.id) AS candidats_count'),
    );
}

export async function getVivier(ctx: Ctx, vivierId: number): Promise<VivierView> {
  await ownVivier(ctx, vivierId);
  const row = (await vivierQuery(ctx).where('v.id', vivierId).first()) as VivierView | undefined;
  if (!row) throw new NotFoundError('Vivier');
  return vivierView(row);
}
