/**
 * Every line of an import that needs the recruiter's attention, in file order: errors (the line
 * was refused), warnings (the person was kept, a value changed or left out) and duplicates (the
 * person was already in the pool, or on an earlier line). Streamed from the database one row at a
 * time, so an import with a million refused lines is listed whole in bounded memory; the API's
 * report.csv and the CLI both read it here.
 * Imports made before every issue had its own row (vivier_import_issues) list the issues their
 * JSON kept (the first 1,000 of each kind), merged by line with their duplicates.
 */
import type { Knex } from 'knex';
import type { Langue } from '../../models/account.ts';
import { VivierImport } from '../../models/vivier-import.ts';
import { VivierImportIssue } from '../../models/vivier-import-issue.ts';
import { VivierImportDuplicate } from '../../models/vivier-import-duplicate.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { IssueParams, StoredLineIssue } from './line-issue.ts';
import { lineIssueMessage } from './line-issue-messages.ts';

export type ReportKind = 'ERROR' | 'WARNING' | 'DUPLICATE';

export interface ReportLine {
  line: number;
  kind: ReportKind;
  code: string | null;
  /** The member field concerned (email, telephone...), when there is one. */
  column: string | null;
  /** The value concerned: the cell as typed, or for a duplicate what it matched in the pool. */
  value: string;
  /** Why, in the reader's language. */
  reason: string;
}

const KIND_ORDER: Record<ReportKind, number> = { ERROR: 0, WARNING: 1, DUPLICATE: 2 };

/** One query over both tables, in file order; aliases are single words so no name mapping applies. */
const REPORT_SQL = `
  SELECT i.line AS line, i.kind AS kind, i.code AS code, i.column_name AS col, i.params AS params,
         i.message AS message, NULL AS matched, CASE i.kind WHEN 'ERROR' THEN 0 ELSE 1 END AS ord, i.id AS seq
    FROM vivier_import_issues i
   WHERE i.import_id = ?
  UNION ALL
  SELECT d.line, 'DUPLICATE', CONCAT('DUPLICATE_', d.reason), IF(d.reason = 'EMAIL', 'email', 'telephone'),
         NULL, NULL, IF(d.reason = 'EMAIL', m.email, m.telephone), 2, d.id
    FROM vivier_import_duplicates d
    LEFT JOIN vivier_candidats m ON m.id = d.member_id
   WHERE d.import_id = ?
   ORDER BY line, ord, seq`;

interface ReportRow {
  line: number;
  kind: ReportKind;
  code: string;
  col: string | null;
  params: unknown;
  message: string | null;
  matched: string | null;
}

function reportLine(
  issue: StoredLineIssue,
  kind: ReportKind,
  langue: Langue,
  matched?: string | null,
): ReportLine {
  const value = issue.params?.value;
  return {
    line: issue.line,
    kind,
    code: issue.code ?? null,
    column: issue.column ?? null,
    value: matched ?? (value === undefined ? '' : String(value)),
    reason: lineIssueMessage(issue, langue),
  };
}

function fromRow(row: ReportRow, langue: Langue): ReportLine {
  const issue: StoredLineIssue = {
    line: Number(row.line),
    code: row.code,
    params: parseJsonColumn<IssueParams>(row.params) ?? {},
    ...(row.col ? { column: row.col as StoredLineIssue['column'] } : {}),
    ...(row.message ? { message: row.message } : {}),
  };
  return reportLine(issue, row.kind, langue, row.kind === 'DUPLICATE' ? (row.matched ?? '') : undefined);
}

/** The stored JSON lists of an import made before vivier_import_issues; empty for any later one. */
async function legacyLists(db: Knex, importId: number): Promise<{ errors: unknown; warnings: unknown }> {
  const hasRows = await VivierImportIssue.query(db).where({ importId }).select('id').first();
  if (hasRows) return { errors: [], warnings: [] };
  const row = await VivierImport.query(db).findById(importId).select('errors', 'warnings');
  return { errors: row?.errors, warnings: row?.warnings };
}

const listOf = (value: unknown) => (Array.isArray(value) ? (value as StoredLineIssue[]) : []);

/** The issues of an import made before vivier_import_issues: its capped JSON lists, by line. */
async function legacyIssues(db: Knex, importId: number, langue: Langue): Promise<ReportLine[]> {
  const { errors, warnings } = await legacyLists(db, importId);
  const list = (value: unknown, kind: ReportKind) => listOf(value).map((i) => reportLine(i, kind, langue));
  return [...list(errors, 'ERROR'), ...list(warnings, 'WARNING')].sort(
    (a, b) => a.line - b.line || KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  );
}

/** How many lines importReportLines gives (counted in the database, not read). */
export async function countImportReportLines(db: Knex, importId: number): Promise<number> {
  const { errors, warnings } = await legacyLists(db, importId);
  const issues = await VivierImportIssue.query(db).where({ importId }).resultSize();
  const duplicates = await VivierImportDuplicate.query(db).where({ importId }).resultSize();
  return issues + duplicates + listOf(errors).length + listOf(warnings).length;
}

export async function* importReportLines(
  db: Knex,
  importId: number,
  langue: Langue,
): AsyncGenerator<ReportLine> {
  const legacy = await legacyIssues(db, importId, langue);
  let next = 0;
  const rows = db.raw(REPORT_SQL, [importId, importId]).stream() as AsyncIterable<ReportRow> & {
    destroy(): void;
  };
  try {
    for await (const row of rows) {
      const line = fromRow(row, langue);
      while (next < legacy.length && legacy[next]!.line <= line.line) yield legacy[next++]!;
      yield line;
    }
    while (next < legacy.length) yield legacy[next++]!;
  } finally {
    // Stopped early (the client went away): the connection goes back to the pool.
    rows.destroy();
  }
}
