/**
 * POST /recruiters/me/viviers/{id}/import/preview: what the import would do with this upload,
 * before anything is written (no stored file, no import row): the format, encoding and delimiter
 * found, the sheets of a workbook and the one read, each column with the field it would fill and
 * 3 sample values, the columns ignored, and the first per-line problems of the first rows in the
 * recruiter's language. The same reading as the import (import-upload.ts, pool-member.ts); only
 * duplicates are not looked for (they depend on the pool when the import runs).
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { ownVivier } from './own-vivier.ts';
import { checkPoolMember } from './pool-member.ts';
import { lineIssueMessage } from './line-issue-messages.ts';
import type { LineIssue } from './line-issue.ts';
import {
  cellText,
  ignoredColumns,
  rowReader,
  type IgnoredColumn,
  type MappedColumn,
} from './column-mapping.ts';
import { checkImportUpload, type IncomingCsv } from './queue-vivier-import.ts';
import { withUpload, type ImportChoices } from './import-upload.ts';
import type { RowSource } from './row-source.ts';

export const PREVIEW_SAMPLES = 3;
export const PREVIEW_PROBLEMS = 20;
/** Data rows read at most: enough for the first problems, quick whatever the size of the file. */
export const PREVIEW_ROWS = 2000;

export interface PreviewColumn extends MappedColumn {
  samples: string[];
}

export interface PreviewProblem {
  line: number;
  kind: 'ERROR' | 'WARNING';
  code: string;
  column: string | null;
  message: string;
}

export interface ImportPreview {
  format: RowSource['format'];
  encoding: RowSource['encoding'];
  delimiter: RowSource['delimiter'];
  sheet: string | null;
  sheetNames: string[];
  header: string[];
  columns: PreviewColumn[];
  ignoredColumns: IgnoredColumn[];
  checkedRows: number;
  /** Whether every data row was read (else the first PREVIEW_ROWS were). */
  complete: boolean;
  errorRows: number;
  warningRows: number;
  problems: PreviewProblem[];
}

function problem(
  line: number,
  kind: PreviewProblem['kind'],
  issue: LineIssue,
  langue: Langue,
): PreviewProblem {
  return {
    line,
    kind,
    code: issue.code,
    column: issue.column ?? null,
    message: lineIssueMessage(issue, langue),
  };
}

async function inspect(source: RowSource, columns: MappedColumn[], langue: Langue): Promise<ImportPreview> {
  const read = rowReader(columns);
  const samples = columns.map(() => [] as string[]);
  const problems: PreviewProblem[] = [];
  let checkedRows = 0;
  let errorRows = 0;
  let warningRows = 0;
  let complete = true;
  const pastHeader = new Set<number>();
  for await (const { line, cells } of source.rows) {
    if (cells.every((c) => typeof c === 'string' && c.trim() === '')) continue;
    if (checkedRows === PREVIEW_ROWS) {
      complete = false;
      break;
    }
    checkedRows += 1;
    for (let i = columns.length; i < cells.length; i++)
      if (cellText(cells[i], 'notes').trim()) pastHeader.add(i + 1);
    columns.forEach((c, i) => {
      const value = cellText(cells[c.position - 1], c.field ?? 'notes').trim();
      if (value && samples[i]!.length < PREVIEW_SAMPLES) samples[i]!.push(value);
    });
    const checked = checkPoolMember(read(cells), 'import');
    const found =
      'error' in checked
        ? [problem(line, 'ERROR', checked.error, langue)]
        : checked.warnings.map((w) => problem(line, 'WARNING', w, langue));
    if ('error' in checked) errorRows += 1;
    else if (found.length) warningRows += 1;
    problems.push(...found.slice(0, PREVIEW_PROBLEMS - problems.length));
  }
  return {
    format: source.format,
    encoding: source.encoding,
    delimiter: source.delimiter,
    sheet: source.sheet,
    sheetNames: source.sheetNames,
    header: source.header,
    columns: columns.map((c, i) => ({ ...c, samples: samples[i]! })),
    ignoredColumns: [
      ...ignoredColumns(columns),
      ...[...pastHeader].sort((a, b) => a - b).map((position) => ({ position, header: '' })),
    ],
    checkedRows,
    complete,
    errorRows,
    warningRows,
    problems,
  };
}

export async function previewVivierImport(
  ctx: Ctx,
  vivierId: number,
  upload: IncomingCsv | null,
  choices: ImportChoices = {},
): Promise<ImportPreview> {
  const { recruteur } = await ownVivier(ctx, vivierId);
  return previewImportFile(upload, choices, recruteur.langue);
}

/**
 * The preview of a file, problems in `langue`; the caller has checked who may import into the
 * pool (the route above, the operator's CLI in operator-vivier-import.ts).
 */
export async function previewImportFile(
  upload: IncomingCsv | null,
  choices: ImportChoices,
  langue: Langue,
): Promise<ImportPreview> {
  const file = checkImportUpload(upload);
  return withUpload(file, choices, (source, columns) => inspect(source, columns, langue));
}
