/**
 * The state of an import of one of the company's pools (another company's import is a 404). Its
 * errors and warnings are stored as codes with parameters: their sentences are written here, in
 * the reader's language.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import type { Static } from 'typebox';
import type { VivierImport } from '../shapes/index.ts';
import {
  IMPORT_PROGRESS_COLUMNS,
  VivierImport as VivierImportModel,
  type StoredImportFailure,
} from '../../models/vivier-import.ts';
import { importFailureMessage } from './import-file-problems.ts';
import { VivierImportDuplicate } from '../../models/vivier-import-duplicate.ts';
import type { Langue } from '../../models/account.ts';
import type { StoredLineIssue } from './line-issue.ts';
import { lineIssueMessage } from './line-issue-messages.ts';

/** How many duplicate lines an import's view lists (all of them are counted). */
export const MAX_LISTED_DUPLICATES = 10000;

/** The static type of the VivierImport shape (domain/shapes/vivier.ts). */
export type VivierImportView = Static<typeof VivierImport>;

export type ImportDuplicate = VivierImportView['duplicates'][number];

export type ImportLineIssueView = VivierImportView['errors'][number];

/** A stored error or warning as shown: imports made before codes existed have a message only. */
export function lineIssueView(issue: StoredLineIssue, langue: Langue): ImportLineIssueView {
  return {
    line: issue.line,
    code: issue.code ?? null,
    params: issue.params ?? {},
    column: issue.column ?? null,
    message: lineIssueMessage(issue, langue),
  };
}

/** Why the import failed, in the reader's language (imports failed before codes: as stored, English). */
export function failureMessageOf(
  row: { failure?: StoredImportFailure | null; failureMessage?: string | null },
  langue: Langue,
): string | null {
  if (row.failure) return importFailureMessage(row.failure, langue, row.failureMessage ?? null);
  return row.failureMessage ?? null;
}

const issuesOf = (list: unknown, langue: Langue) =>
  Array.isArray(list) ? (list as StoredLineIssue[]).map((i) => lineIssueView(i, langue)) : [];

export async function getVivierImport(
  ctx: Ctx,
  importId: number,
  langue: Langue = 'fr',
): Promise<VivierImportView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const row = await VivierImportModel.query(ctx.db)
    .joinRelated('vivier')
    .where('vivierImports.id', importId)
    .where('vivier.entrepriseId', recruteur.entrepriseId)
    .select(
      ...IMPORT_PROGRESS_COLUMNS,
      'vivierImports.createdAt',
      'vivierImports.startedAt',
      'vivierImports.finishedAt',
      'vivierImports.format',
      'vivierImports.sheet',
      'vivierImports.ignoredColumns',
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
    errors: issuesOf(row.errors, langue),
    warningRows: row.warningRows,
    warnings: issuesOf(row.warnings, langue),
    duplicates,
    format: row.format ?? null,
    sheet: row.sheet ?? null,
    ignoredColumns: row.ignoredColumns ?? [],
    failureMessage: failureMessageOf(row, langue),
    createdAt: row.createdAt,
    startedAt: row.startedAt ?? null,
    finishedAt: row.finishedAt ?? null,
  };
}
