/** The state of an import of one of the company's pools (another company's import is a 404). */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruiter } from '../recruiters/current-recruiter.ts';
import type { ImportError } from './run-vivier-import.ts';
import type { Static } from 'typebox';
import type { VivierImport } from '../shapes/vivier.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';

/** How many duplicate lines an import's view lists (all of them are counted). */
export const MAX_LISTED_DUPLICATES = 10000;

/** The static type of the VivierImport shape (domain/shapes/vivier.ts). */
export type VivierImportView = Static<typeof VivierImport>;

export type ImportDuplicate = VivierImportView['duplicates'][number];

export async function getVivierImport(ctx: Ctx, importId: number): Promise<VivierImportView> {
  const recruiter = await requireActiveRecruiter(ctx);
  const row = (await ctx
    .db('vivierImports as i')
    .join('viviers as v', 'v.id', 'i.vivierId')
    .where('i.id', importId)
    .where('v.entrepriseId', recruiter.entrepriseId)
    .first(
      'i.id',
      'i.vivierId',
      'i.status',
      'i.totalRows',
      'i.importedRows',
      'i.duplicateRows',
      'i.errorRows',
      'i.errors',
      'i.failureMessage',
      'i.createdAt',
      'i.startedAt',
      'i.finishedAt',
    )) as (Omit<VivierImportView, 'importId' | 'errors'> & { id: number; errors: unknown }) | undefined;
  if (!row) throw new NotFoundError('Import');
  const errors = parseJsonColumn(row.errors);
  const duplicates = (await ctx
    .db('vivierImportDuplicates')
    .where({ importId: row.id })
    .orderBy('line')
    .limit(MAX_LISTED_DUPLICATES)
    .select('line', 'reason', 'memberId')) as ImportDuplicate[];
  return {
    importId: row.id,
    vivierId: row.vivierId,
    status: row.status,
    totalRows: row.totalRows,
    importedRows: row.importedRows,
    duplicateRows: row.duplicateRows,
    errorRows: row.errorRows,
    errors: Array.isArray(errors) ? (errors as ImportError[]) : [],
    duplicates,
    failureMessage: row.failureMessage ?? null,
    createdAt: row.createdAt,
    startedAt: row.startedAt ?? null,
    finishedAt: row.finishedAt ?? null,
  };
}
