/**
 * GET /offres/search: weighted full-text search over published offers, with the filters of
 * GET /offres (api-contract.md section 3).
 *
 * Matching: every word must appear in the title, the skills or the description. Words of 3+
 * characters: ft_offres_all, boolean mode, `+word` per word. Words under 3 characters ("RH",
 * "IT"), which InnoDB does not index, are looked up encoded ("zqrhqz") in the short-token
 * columns titre_short / competences_short / description_short (ft_offres_short_all, `+zqrhqz`
 * per word; short-tokens.ts, search-terms.ts): both through an index, never a scan. Accents and
 * case are ignored: by the columns' utf8mb4 collation for long words ("developpeur" finds
 * "Développeur"), by folding for short ones ("ré" finds "RE").
 *
 * Ranking: relevanceScore = 4 * T + 2 * S + 1 * D, where T, S, D are the scores of the title,
 * skills and description fields (ft_offres_titre, ft_offres_competences, ft_offres_description).
 * A field that does not match scores 0; one that matches scores 1 + r / (r + 1), r being InnoDB's
 * relevance for that field, so between 1 and 2. Raw InnoDB relevance grows with repetitions and
 * depends on corpus statistics; squashing it this way keeps the field weights decisive: a title
 * match (4..8) always ranks above a skills-only match (2..4), which ranks above a
 * description-only one (1..2), and a word repeated in a description never outranks a title.
 * A short word adds its field weight (4, 2, 1) for each field it is found in, as a per-field
 * MATCH on ft_offres_titre_short, ft_offres_competences_short, ft_offres_description_short
 * (short words are few and their tokens stored once per field: InnoDB's relevance would say
 * little more).
 */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import {
  emptyPage,
  pageOf,
  pageRequest,
  type Page,
  type PageRequest,
  type SortableFields,
} from '../shared/pagination.ts';
import { applyPublicOffreFilters, publicOffresBase, type OffreFilters } from './offre-filters.ts';
import { loadOffreViews, type OffreView } from './offre-view.ts';
import {
  isEmptySearch,
  rankQuery,
  requireAllQuery,
  requireAllShortQuery,
  searchTerms,
  type SearchTerms,
} from './search-terms.ts';
import { shortToken } from './short-tokens.ts';

export const SEARCH_SORTS: SortableFields = {
  relevance: 'relevanceScore',
  relevanceScore: 'relevanceScore',
  publishedAt: 's.publishedAt',
  createdAt: 's.createdAt',
  deadline: 's.deadline',
  salaireMin: 's.salaireMin',
  salaireMax: 's.salaireMax',
};

export const FIELD_WEIGHTS = { titre: 4, competences: 2, description: 1 } as const;

export type SearchInput = OffreFilters & { q?: string; page?: unknown; size?: unknown; sort?: unknown };
export type SearchHit = OffreView & { relevanceScore: number };

export interface SearchQueries {
  req: PageRequest;
  /** null when the text holds no searchable word: the answer is an empty page. */
  rows: Knex.QueryBuilder | null;
  count: Knex.QueryBuilder | null;
  /**
   * With words, the page query also returns the total (`COUNT(*) OVER ()`, column totalCount):
   * the matching rows are found once, not twice (a common word matches thousands). The count
   * query is then needed only for a page past the end. Without words the page comes from the
   * (status, published_at) index and stops after `size` rows, so the total is a separate count.
   */
  countInRows: boolean;
}

const fieldScore = (alias: string) => `IF(s.${alias} > 0, 1 + s.${alias} / (s.${alias} + 1), 0)`;

function matchFilters(query: Knex.QueryBuilder, terms: SearchTerms): void {
  if (terms.long.length) {
    query.whereRaw('MATCH(o.titre, o.competences_text, o.description) AGAINST (? IN BOOLEAN MODE)', [
      requireAllQuery(terms.long),
    ]);
  }
  if (terms.short.length) {
    query.whereRaw(
      'MATCH(o.titre_short, o.competences_short, o.description_short) AGAINST (? IN BOOLEAN MODE)',
      [requireAllShortQuery(terms.short)],
    );
  }
}

/** The SQL of one search page and of its total, built once for the API and for bench/search.ts. */
export function buildSearchQueries(db: Knex, input: SearchInput, now: Date): SearchQueries {
  const hasText = typeof input.q === 'string' && input.q.trim() !== '';
  const terms = hasText ? searchTerms(input.q as string) : { long: [], short: [] };
  const defaultSort = hasText
    ? [{ column: 'relevanceScore', direction: 'desc' as const }]
    : [{ column: 's.publishedAt', direction: 'desc' as const }];
  const req = pageRequest(input, SEARCH_SORTS, defaultSort);
  if (hasText && isEmptySearch(terms)) return { req, rows: null, count: null, countInRows: false };

  const inner = applyPublicOffreFilters(
    publicOffresBase(db).select(
      'o.id',
      'o.publishedAt',
      'o.createdAt',
      'o.deadline',
      'o.salaireMin',
      'o.salaireMax',
    ),
    db,
    input,
    now,
  );
  matchFilters(inner, terms);
  let scoreSql = '0';
  if (terms.long.length) {
    const rank = rankQuery(terms.long);
    inner.select(
      db.raw('MATCH(o.titre) AGAINST (? IN BOOLEAN MODE) as ft_titre', [rank]),
      db.raw('MATCH(o.competences_text) AGAINST (? IN BOOLEAN MODE) as ft_competences', [rank]),
      db.raw('MATCH(o.description) AGAINST (? IN BOOLEAN MODE) as ft_description', [rank]),
    );
    scoreSql = `${FIELD_WEIGHTS.titre} * ${fieldScore('ft_titre')} + ${FIELD_WEIGHTS.competences} * ${fieldScore('ft_competences')} + ${FIELD_WEIGHTS.description} * ${fieldScore('ft_description')}`;
  }
  const shortBindings: string[] = [];
  if (terms.short.length) {
    const inField = (column: string) => `(MATCH(o.${column}) AGAINST (? IN BOOLEAN MODE) > 0)`;
    const parts = terms.short.map((word) => {
      const token = shortToken(word);
      shortBindings.push(token, token, token);
      return `${FIELD_WEIGHTS.titre} * ${inField('titre_short')} + ${FIELD_WEIGHTS.competences} * ${inField('competences_short')} + ${FIELD_WEIGHTS.description} * ${inField('description_short')}`;
    });
    inner.select(db.raw(`(${parts.join(' + ')}) as short_score`, shortBindings));
    scoreSql = `${scoreSql} + s.short_score`;
  }

  const rows = db.from(inner.as('s')).select('s.id', db.raw(`ROUND(${scoreSql}, 4) as relevance_score`));
  if (hasText) rows.select(db.raw('COUNT(*) OVER () as total_count'));
  for (const s of req.sort) rows.orderBy(s.column, s.direction);
  rows
    .orderBy('s.id', 'desc')
    .limit(req.size)
    .offset(req.page * req.size);

  const count = applyPublicOffreFilters(publicOffresBase(db), db, input, now);
  matchFilters(count, terms);
  count.count({ n: '*' });
  return { req, rows, count, countInRows: hasText };
}

export async function searchOffres(ctx: Ctx, input: SearchInput): Promise<Page<SearchHit>> {
  const { req, rows, count, countInRows } = buildSearchQueries(ctx.db, input, ctx.clock.now());
  if (!rows || !count) return emptyPage(req);
  type Hit = { id: number; relevanceScore: number | string; totalCount?: number | string };
  const countTotal = async () => Number(((await count) as { n: number | string }[])[0]?.n ?? 0);
  let hits: Hit[];
  let total: number;
  if (countInRows) {
    hits = (await rows) as Hit[];
    total = hits.length ? Number(hits[0].totalCount) : req.page === 0 ? 0 : await countTotal();
  } else {
    [hits, total] = await Promise.all([rows as Promise<Hit[]>, countTotal()]);
  }
  const views = await loadOffreViews(
    ctx,
    hits.map((h) => h.id),
  );
  const score = new Map(hits.map((h) => [h.id, Number(h.relevanceScore)]));
  return pageOf(
    views.map((v) => ({ ...v, relevanceScore: score.get(v.id) ?? 0 })),
    total,
    req,
  );
}
