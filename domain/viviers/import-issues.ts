/**
 * Keeps every error and warning of an import batch in `vivier_import_issues`, in the batch's own
 * transaction (run-vivier-import.ts commitBatch): the import's JSON lists stop at 1,000 for its
 * view, the report (import-report.ts) lists them all, and a resumed import, which skips the lines
 * already committed, never writes one twice.
 */
import type { Ctx } from '../context.ts';
import type { StoredLineIssue } from './line-issue.ts';
import type { ImportIssueKind } from '../../models/vivier-import-issue.ts';

/** Rows per INSERT: a batch of 1,000 lines may carry several warnings each. */
const ROWS_PER_INSERT = 1000;

function issueRow(importId: number, kind: ImportIssueKind, issue: StoredLineIssue) {
  return {
    importId,
    line: issue.line,
    kind,
    code: (issue.code ?? 'UNKNOWN').slice(0, 64),
    columnName: issue.column ?? null,
    params: JSON.stringify(issue.params ?? {}),
    message: issue.message?.slice(0, 500) ?? null,
  };
}

export async function recordImportIssues(
  t: Ctx,
  importId: number,
  errors: StoredLineIssue[],
  warnings: StoredLineIssue[],
): Promise<void> {
  const rows = [
    ...errors.map((e) => issueRow(importId, 'ERROR', e)),
    ...warnings.map((w) => issueRow(importId, 'WARNING', w)),
  ];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
    await t.db('vivierImportIssues').insert(rows.slice(i, i + ROWS_PER_INSERT));
  }
}
