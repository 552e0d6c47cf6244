/** GET /public/entreprises/{id}: a visible company (public-visibility.ts) with its published pages only; else 404. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadEntrepriseView, type EntrepriseView } from './entreprise-view.ts';
import { publiclyVisible } from './public-visibility.ts';
import { Entreprise } from '../../models/entreprise.ts';

export async function getPublicEntreprise(ctx: Ctx, id: number): Promise<EntrepriseView> {
  const visible = await publiclyVisible(Entreprise.query(ctx.db).alias('e'))
    .where('e.id', id)
    .select('e.id')
    .first();
  const view = visible
    ? await loadEntrepriseView(ctx.db, id, ctx.config.publicUrl, { publishedPagesOnly: true })
    : null;
  if (!view) throw new NotFoundError('Entreprise');
  return view;
}
