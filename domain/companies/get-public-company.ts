/** GET /public/entreprises/{id}: a visible company (public-visibility.ts) with its published pages only; else 404. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadCompanyView, type CompanyView } from './company-view.ts';
import { publiclyVisible } from './public-visibility.ts';

export async function getPublicCompany(ctx: Ctx, id: number): Promise<CompanyView> {
  const visible = await publiclyVisible(ctx.db('entreprises as e'), ctx.db).where('e.id', id).first('e.id');
  const view = visible
    ? await loadCompanyView(ctx.db, id, ctx.config.publicUrl, { publishedPagesOnly: true })
    : null;
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
