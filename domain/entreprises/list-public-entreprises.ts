/** GET /public/entreprises: visible companies (public-visibility.ts), paginated, `q` on the name, `secteurId`; published pages only. */
import type { Ctx } from '../context.ts';
import { paginate, pageOf, pageRequest, type Page, containsPattern } from '../shared/index.ts';
import { loadEntrepriseViews, type EntrepriseView } from './entreprise-view.ts';
import { publiclyVisible } from './public-visibility.ts';
import { Entreprise } from '../../models/entreprise.ts';

export const PUBLIC_ENTREPRISE_SORT = { nomEntreprise: 'e.nomEntreprise', createdAt: 'e.createdAt' };

export interface PublicEntrepriseFilter {
  q?: string;
  secteurId?: number;
  page?: number;
  size?: number;
  sort?: string[];
}

export async function listPublicEntreprises(
  ctx: Ctx,
  filter: PublicEntrepriseFilter,
): Promise<Page<EntrepriseView>> {
  const req = pageRequest(filter, PUBLIC_ENTREPRISE_SORT, [{ column: 'e.nomEntreprise', direction: 'asc' }]);
  const query = publiclyVisible(Entreprise.query(ctx.db).alias('e')).select('e.id');
  if (filter.q?.trim()) query.where('e.nomEntreprise', 'like', containsPattern(filter.q));
  if (filter.secteurId) query.where('e.secteurActiviteId', filter.secteurId);
  const { rows, total } = await paginate<{ id: number }>(query.toKnexQuery(), req, 'e.id');
  const views = await loadEntrepriseViews(
    ctx.db,
    rows.map((r) => r.id),
    ctx.config.publicUrl,
    { publishedPagesOnly: true },
  );
  return pageOf(
    rows.map((r) => views.get(r.id)).filter((v): v is EntrepriseView => Boolean(v)),
    total,
    req,
  );
}
