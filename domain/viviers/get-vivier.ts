/** One pool of the recruiter's company, with its member count. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { ownVivier } from './own-vivier.ts';
import { vivierView, type VivierView } from './vivier-view.ts';
import { Vivier } from '../../models/vivier.ts';

/** Pools with their member count (a correlated COUNT of the members), as VivierView rows. */
export function vivierQuery(ctx: Ctx) {
  return Vivier.query(ctx.db)
    .alias('v')
    .select(
      'v.id',
      'v.nom',
      'v.description',
      'v.createdAt',
      'v.updatedAt',
      Vivier.relatedQuery('candidats').count().as('candidatsCount'),
    );
}

export async function getVivier(ctx: Ctx, vivierId: number): Promise<VivierView> {
  await ownVivier(ctx, vivierId);
  const row = await vivierQuery(ctx).where('v.id', vivierId).first().castTo<VivierView | undefined>();
  if (!row) throw new NotFoundError('Vivier');
  return vivierView(row);
}
