/**
 * Search synonyms as an administrator manages them (API and CLI): list, add, delete. Every change
 * writes a SYNONYMS row to the search journal in the same transaction, so every process reloads
 * the groups within its poll interval.
 */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, inputError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { fold } from './analyzer.ts';
import type { SynonymGroup } from './synonym-set.ts';
import { SearchSynonym } from '../../models/search-synonym.ts';

export const MIN_TERMS = 2;
export const MAX_TERMS = 20;
export const MAX_TERM_LENGTH = 100;

export async function loadSynonymGroups(db: Knex): Promise<SynonymGroup[]> {
  const rows = await SearchSynonym.query(db).orderBy('id').select('id', 'terms');
  return rows.map((r) => ({ id: Number(r.id), terms: r.terms }));
}

/** How a list of synonym groups is cut: by id (keyset), at most `limit`, with a term holding `q`. */
export interface SynonymListQuery {
  limit?: number;
  afterId?: number;
  q?: string;
}

export const MAX_LIST_LIMIT = 500;

/**
 * The groups in id order. Without a limit, every group (thousands once the shipped sets are
 * seeded); with one, a page: the next page starts after the last id of this one.
 */
export async function listSynonymGroups(ctx: Ctx, query: SynonymListQuery = {}): Promise<SynonymGroup[]> {
  const { limit, afterId = 0 } = query;
  const needle = query.q ? fold(query.q.trim()) : '';
  const rows = SearchSynonym.query(ctx.db).where('id', '>', afterId).orderBy('id').select('id', 'terms');
  // A term filter reads the groups after the cursor and keeps those with a matching term (case and
  // accents ignored), which SQL on the JSON column cannot say; the table holds a few thousand rows.
  if (limit !== undefined && !needle) rows.limit(limit);
  let groups = (await rows).map((r) => ({ id: Number(r.id), terms: r.terms }));
  if (needle) groups = groups.filter((g) => g.terms.some((t) => fold(t).includes(needle)));
  return limit === undefined ? groups : groups.slice(0, limit);
}

export async function addSynonymGroup(ctx: Ctx, input: { terms: string[] }): Promise<SynonymGroup> {
  const terms = input.terms.map((t) => t.trim().replace(/\s+/g, ' '));
  if (terms.length < MIN_TERMS)
    throw inputError('Invalid synonyms', 'body.terms', 'minItems', { limit: MIN_TERMS });
  if (terms.length > MAX_TERMS)
    throw inputError('Invalid synonyms', 'body.terms', 'maxItems', { limit: MAX_TERMS });
  const blank = terms.findIndex((t) => t === '');
  if (blank >= 0) throw inputError('Invalid synonyms', `body.terms[${blank}]`, 'blank');
  const long = terms.findIndex((t) => t.length > MAX_TERM_LENGTH);
  if (long >= 0)
    throw inputError('Invalid synonyms', `body.terms[${long}]`, 'maxLength', { limit: MAX_TERM_LENGTH });
  if (new Set(terms.map(fold)).size !== terms.length)
    throw inputError(
      'Invalid synonyms',
      'body.terms',
      'uniqueItems',
      undefined,
      bilingual(
        'les termes doivent être distincts (sans compter majuscules et accents)',
        'the terms must be distinct (case and accents ignored)',
      ),
    );
  return inTransaction(ctx, async (trx) => {
    const { id } = await SearchSynonym.query(trx.db).insert({ terms });
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table
    await trx.db('searchJournal').insert({ kind: 'SYNONYMS' });
    await recordAudit(trx, 'search.synonyms.created', { type: 'search_synonyms', id }, { terms });
    return { id: Number(id), terms };
  });
}

export async function deleteSynonymGroup(ctx: Ctx, id: number): Promise<void> {
  await inTransaction(ctx, async (trx) => {
    const deleted = await SearchSynonym.query(trx.db).deleteById(id);
    if (!deleted) throw new NotFoundError('Synonymes');
    // eslint-disable-next-line no-restricted-syntax -- SQL: journal table
    await trx.db('searchJournal').insert({ kind: 'SYNONYMS' });
    await recordAudit(trx, 'search.synonyms.deleted', { type: 'search_synonyms', id }, {});
  });
}

/** Asks every process to rebuild its index from the database (recrutement search reindex). */
export async function requestReindex(ctx: Ctx): Promise<void> {
  // eslint-disable-next-line no-restricted-syntax -- SQL: journal table
  await ctx.db('searchJournal').insert({ kind: 'REINDEX' });
}
