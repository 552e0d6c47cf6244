/** The state of an import of one of the company's pools (another company's import is a 404). */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruiter } from '../recruiters/current-recruiter.ts';
import type { Static } from 'typebox';
import type { VivierImport } from '../shapes/vivier.ts';
import { IMPORT_PROGRESS_COLUMNS, VivierImport as VivierImportModel } from '../../models/vivier-import.ts';
import { VivierImportDuplicate } from '../../models/vivier-import-duplicate.ts';

/** How many duplicate lines an import's view lists (all of them are counted). */
export const MAX_LISTED_DUPLICATES = 10000;

/** The static type of the VivierImport shape (domain/shapes/vivier.ts). */
export type VivierImportView = Static<typeof VivierImport>;

export type ImportDuplicate = VivierImportView['duplicates'][number];

export async function getVivierImport(ctx: Ctx, importId: number): Promise<VivierImportView> {
  const recruiter = await requireActiveRecruiter(ctx);
  const row = await VivierImportModel.query(ctx.db)
    .joinRelated('vivier')
    .where('vivierImports.id', importId)
    .where('vivier.entrepriseId', recruiter.entrepriseId)
    .select(
      ...IMPORT_PROGRESS_COLUMNS,
      'vivierImports.createdAt',
      'vivierImports.startedAt',
      'vivierImports.finishedAt',
    )
    .first();
  if (!row) throw new NotFoundError('Import');
  const duplicates: ImportDuplicate[] = (
    await VivierImportDuplicate.query(ctx.db)
      .where({ importId: row.id })
      .orderBy('line')
      .limit(MAX_LISTED_DUPLICATES)
      .select('line', 'reason', 'memberId')
  ).map((d) => ({ line: d.line, reason: d.reason, memberId: d.memberId }));
  return {
    importId: row.id,
    vivierId: row.vivierId,
    status: row.status,
    totalRows: row.totalRows,
    importedRows: row.importedRows,
    duplicateRows: row.duplicateRows,
    errorRows: row.errorRows,
    errors: Array.isArray(row.errors) ? row.errors : [],
    warningRows: row.warningRows,
    warnings: Array.isArray(row.warnings) ? row.warnings : [],
    duplicates,
    failureMessage: row.failureMessage ?? null,
    createdAt: row.createdAt,
    startedAt: row.startedAt ?? null,
    finishedAt: row.finishedAt ?? null,
  };
}
