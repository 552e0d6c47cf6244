/**
 * The report of an import for the operator's CLI (`recrutement vivier import`): the same lines as
 * the recruiters' report.csv (import-report.ts), errors, warnings and duplicates in file order, in
 * the language of the account the import was made for (the recruiter it is created by), French
 * when there is none.
 */
import type { Ctx } from '../context.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { OPERATORS_ONLY } from './operator-vivier-import.ts';
import type { Langue } from '../../models/account.ts';
import { VivierImport } from '../../models/vivier-import.ts';
import { accountLangue } from '../accounts/index.ts';
import { countImportReportLines, importReportLines, type ReportLine } from './import-report.ts';
import { reportCsv, reportSeparator, type ReportSeparator } from './import-report-csv.ts';

export interface OperatorImportReport {
  langue: Langue;
  /** How many lines the report has. */
  total: number;
  lines(): AsyncGenerator<ReportLine>;
  /** The report.csv text, as the API gives it in this language. */
  csv(separator?: ReportSeparator): AsyncGenerator<string>;
}

export async function operatorImportReport(ctx: Ctx, importId: number): Promise<OperatorImportReport> {
  if (ctx.actor.type !== 'system') throw new ForbiddenError(OPERATORS_ONLY);
  const row = await VivierImport.query(ctx.db).findById(importId).select('id', 'createdBy');
  if (!row) throw new NotFoundError('Import');
  const langue = row.createdBy ? await accountLangue(ctx.db, row.createdBy) : 'fr';
  const lines = () => importReportLines(ctx.db, importId, langue);
  return {
    langue,
    total: await countImportReportLines(ctx.db, importId),
    lines,
    csv: (separator) => reportCsv(lines(), langue, reportSeparator(langue, separator)),
  };
}
