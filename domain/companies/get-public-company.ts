/** GET /public/entreprises/{id}: a visible company (public-visibility.ts) with its published pages only; else 404. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadCompanyView, type CompanyView } from './company-view.ts';
import { publiclyVisible } from './public-visibility.ts';
import { Entreprise } from '../../models/entreprise.ts';

export async function getPublicCompany(ctx: Ctx, id: number): Promise<CompanyView> {
  const visible = await publiclyVisible(Entreprise.query(ctx.db).alias('e'))
    .where('e.id', id)
    .select('e.id')
    .first();
  const view = visible
    ? await loadCompanyView(ctx.db, id, ctx.config.publicUrl, { publishedPagesOnly: true })
    : null;
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
