/**
 * The list page of offers (GET /emplois): the search use case (searchPublicOffres), so `q` and the
 * filters mean on the page what they mean in the API, newest first without `q`. The filters come
 * from people's address bars: a city is named by its slug, and a filter that names nothing known
 * is left out rather than refused.
 */
import type { Ctx } from '../context.ts';
import { CONTRACT_TYPES, type ContractType } from '../../models/offre.ts';
import { Ville } from '../../models/ville.ts';
import { SEARCH_SORTS, searchPublicOffres } from '../offres/index.ts';
import { withPlaces, type FeedOffre } from '../reach/index.ts';
import type { Page } from '../shared/index.ts';

export const LIST_PAGE_SIZE = 20;
/** The cities offered in the filter form: the most populated. Any other city works by its slug in the address. */
const FORM_CITIES = 20;

export interface OffreListFilters {
  q?: string;
  /** A city's slug (`douala`). */
  ville?: string;
  contrat?: ContractType;
  teletravail?: boolean;
}

export interface OffreListPage {
  offres: FeedOffre[];
  page: Page<unknown>['page'];
  cities: { slug: string; nom: string }[];
}

export const isContractType = (s: string): s is ContractType => (CONTRACT_TYPES as string[]).includes(s);

/** `pageIndex` counts from 0. */
export async function loadOffreListPage(
  ctx: Ctx,
  filters: OffreListFilters,
  pageIndex: number,
): Promise<OffreListPage> {
  const ville = filters.ville
    ? await Ville.query(ctx.db).where('slug', filters.ville).select('id').first()
    : undefined;
  const found = await searchPublicOffres(
    ctx,
    {
      q: filters.q,
      villeId: ville?.id,
      contractType: filters.contrat,
      remotePossible: filters.teletravail || undefined,
      page: pageIndex,
      size: LIST_PAGE_SIZE,
    },
    SEARCH_SORTS,
  );
  const cities = await Ville.query(ctx.db)
    .orderBy('population', 'desc')
    .limit(FORM_CITIES)
    .select('slug', 'nom');
  return {
    offres: await withPlaces(
      ctx,
      found.content.map(({ relevanceScore: _score, ...view }) => view),
    ),
    page: found.page,
    cities: cities
      .map((c) => ({ slug: c.slug, nom: c.nom }))
      .sort((a, b) => a.nom.localeCompare(b.nom, 'fr')),
  };
}
