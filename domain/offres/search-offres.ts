/**
 * GET /offres/search and GET /offres: pages of public offers from the process's search index
 * (domain/search), with exact totals, then their full views from the database.
 *
 * Matching and ranking are the index's (domain/search/offre-index.ts, rule in relevance.ts): query
 * words match the title, the skills or the description after French analysis, synonyms and typo
 * tolerance; offers matching every word come first, by a BM25F relevanceScore; sorted by
 * relevance, when fewer than PARTIAL_BELOW match every word, offers matching most of them follow.
 * Sorted by relevance, a word no offer's text holds is read as part of a company's name by the
 * index itself. A search that finds nothing is tried again with its acronyms spelled out
 * (query-words.ts), then, sorted otherwise, as the name of a company (companyQuery).
 */
import type { Ctx } from '../context.ts';
import {
  pageOf,
  pageRequest,
  type Page,
  type PageRequest,
  type SortableFields,
  localDate,
} from '../shared/index.ts';
import { extendedList, extenderWith, type ExtendedItem } from '../../lib/json-bytes.ts';
import {
  type IndexHit,
  type IndexQuery,
  type IndexSort,
  type OffreIndex,
  type SortField,
  stem,
  tokens,
  searchWordsOf,
  spelledOut,
  readySearch,
  PARTIAL_BELOW,
  type OffreFilters,
} from '../search/index.ts';
import type { OffreView } from './offre-view.ts';

export const SEARCH_SORTS: SortableFields = {
  relevance: 'relevance',
  relevanceScore: 'relevance',
  publishedAt: 'publishedAt',
  createdAt: 'createdAt',
  deadline: 'deadline',
  salaireMin: 'salaireMin',
  salaireMax: 'salaireMax',
};

export type SearchInput = OffreFilters & { q?: string; page?: unknown; size?: unknown; sort?: unknown };
/** With `q`: how many of its words the offer matched (matchedWords < queryWords: a partial match). */
export type SearchHit = OffreView & { relevanceScore: number; matchedWords?: number; queryWords?: number };

const SORT_FIELDS: readonly SortField[] = [
  'relevance',
  'publishedAt',
  'createdAt',
  'deadline',
  'salaireMin',
  'salaireMax',
  'titre',
];
const isSortField = (s: string): s is SortField => (SORT_FIELDS as readonly string[]).includes(s);

function filtersOf(input: OffreFilters): OffreFilters {
  const {
    contractType,
    villeId,
    regionId,
    secteurId,
    entrepriseId,
    remotePossible,
    salaireMin,
    salaireMax,
    verifie,
  } = input;
  return {
    contractType,
    villeId,
    regionId,
    secteurId,
    entrepriseId,
    remotePossible,
    salaireMin,
    salaireMax,
    verifie,
  };
}

/** The public offers matching `q` (every public offer without it) and the filters: their views in order, and their hits. */
async function findPublicOffres(
  ctx: Ctx,
  input: SearchInput,
  sortable: SortableFields,
): Promise<{ views: OffreView[]; hits: Map<number, IndexHit>; total: number; req: PageRequest }> {
  const search = await readySearch(ctx);
  const hasText = typeof input.q === 'string' && input.q.trim() !== '';
  const defaultSort = [{ column: hasText ? 'relevance' : 'publishedAt', direction: 'desc' as const }];
  const req = pageRequest(input, sortable, defaultSort);
  const words = hasText ? searchWordsOf(search, input.q ?? '') : [];
  // A text made only of stop-words or symbols searches nothing: an empty page, not every offer.
  if (hasText && words.length === 0) return { views: [], hits: new Map(), total: 0, req };
  const sort: IndexSort[] = req.sort.flatMap((s) =>
    isSortField(s.column) ? [{ field: s.column, direction: s.direction }] : [],
  );
  const run = (w: typeof words, over: Partial<IndexQuery> = {}) =>
    search.index.query({
      words: w,
      filters: filtersOf(input),
      today: localDate(ctx.clock.now()),
      sort,
      offset: req.page * req.size,
      limit: req.size,
      partialBelow: PARTIAL_BELOW,
      ...over,
    });
  let answer = run(words);
  if (answer.total === 0 && hasText) {
    // Nothing for an acronym ("DRH"): its spelled-out words, as partial matches.
    const wider = spelledOut(words, search.synonyms, (s) => search.index.knowsStem(s));
    if (wider) answer = run(wider);
  }
  if (answer.total === 0 && hasText) {
    const company = companyQuery(search.index, input, sort);
    if (company) answer = run([], company);
  }
  const views = await search.views.load(
    ctx,
    answer.hits.map((h) => h.id),
  );
  return { views, hits: new Map(answer.hits.map((h) => [h.id, h])), total: answer.total, req };
}

/**
 * Last resort of a search that found nothing: `q` names a company ("Brasseries du Mungo", "MTN"),
 * so the answer is that company's offers (every company whose name holds all the words of `q`),
 * in the order asked (newest first for relevance, which the index has already tried: see
 * OffreIndex.completeByCompanyNames); relevanceScore 0, no matchedWords. Null when no company's
 * name holds them.
 */
function companyQuery(
  index: OffreIndex,
  input: SearchInput,
  sort: IndexSort[],
): Pick<IndexQuery, 'filters' | 'sort' | 'partialBelow'> | null {
  const entrepriseIds = index.companiesNamed(tokens(input.q ?? '').map(stem));
  if (entrepriseIds.length === 0) return null;
  const byDate: IndexSort[] = [{ field: 'publishedAt', direction: 'desc' }];
  return {
    filters: { ...filtersOf(input), entrepriseIds },
    sort: sort.some((s) => s.field !== 'relevance') ? sort : byDate,
    partialBelow: 0,
  };
}

/** One page of public offers matching `q` (every public offer without it) and the filters, with their scores. */
export async function searchPublicOffres(
  ctx: Ctx,
  input: SearchInput,
  sortable: SortableFields,
): Promise<Page<SearchHit>> {
  const { views, hits, total, req } = await findPublicOffres(ctx, input, sortable);
  return pageOf(extendedList(views.map((v) => withScore(v, hits.get(v.id)))), total, req);
}

/** One page of public offers and the filters, as their views (no score). */
export async function publicOffresPage(
  ctx: Ctx,
  input: SearchInput,
  sortable: SortableFields,
): Promise<Page<OffreView>> {
  const { views, total, req } = await findPublicOffres(ctx, input, sortable);
  return pageOf(views, total, req);
}

const withFullMatch = extenderWith<{ relevanceScore: number }>(['relevanceScore']);
const withPartialMatch = extenderWith<{
  relevanceScore: number;
  matchedWords: number;
  queryWords: number | undefined;
}>(['relevanceScore', 'matchedWords', 'queryWords']);

/** The view, shared and unchanged, with its score: written as the view's kept JSON plus the score (lib/json-bytes.ts). */
function withScore(view: OffreView, hit: IndexHit | undefined): ExtendedItem<SearchHit> {
  if (hit?.matchedWords === undefined)
    return withFullMatch(view, { relevanceScore: hit?.relevanceScore ?? 0 });
  return withPartialMatch(view, {
    relevanceScore: hit.relevanceScore,
    matchedWords: hit.matchedWords,
    queryWords: hit.queryWords,
  });
}

export function searchOffres(ctx: Ctx, input: SearchInput): Promise<Page<SearchHit>> {
  return searchPublicOffres(ctx, input, SEARCH_SORTS);
}
