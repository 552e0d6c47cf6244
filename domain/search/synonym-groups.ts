/**
 * Search synonyms as an administrator manages them (API and CLI): list, add, delete. Every change
 * writes a SYNONYMS row to the search journal in the same transaction, so every process reloads
 * the groups within its poll interval.
 */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
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

export function listSynonymGroups(ctx: Ctx): Promise<SynonymGroup[]> {
  return loadSynonymGroups(ctx.db);
}

export async function addSynonymGroup(ctx: Ctx, input: { terms: string[] }): Promise<SynonymGroup> {
  const terms = input.terms.map((t) => t.trim().replace(/\s+/g, ' '));
  if (terms.length < MIN_TERMS || terms.length > MAX_TERMS)
    throw new ValidationError('Invalid synonyms', `terms must hold ${MIN_TERMS} to ${MAX_TERMS} strings`);
  if (terms.some((t) => t === '' || t.length > MAX_TERM_LENGTH))
    throw new ValidationError('Invalid synonyms', `every term must be 1 to ${MAX_TERM_LENGTH} characters`);
  if (new Set(terms.map(fold)).size !== terms.length)
    throw new ValidationError('Invalid synonyms', 'terms must be distinct (case and accents ignored)');
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
