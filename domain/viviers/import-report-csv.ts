/**
 * GET /recruiters/me/viviers/{id}/imports/{importId}/report.csv: every error, warning and duplicate
 * line of an import of the company's pool (import-report.ts), as a file a spreadsheet opens right:
 * UTF-8 with a BOM (Excel reads accents right only with it), CRLF line ends, `;` in French (what
 * a French Excel splits on) and `,` in English unless the caller chooses, and every cell
 * neutralised against formula injection (lib/csv-cell.ts): a file's cell such as
 * `=HYPERLINK(...)` comes back as text. Produced as it is read, so its size does not matter.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import type { Langue } from '../../models/account.ts';
import { VivierImport } from '../../models/vivier-import.ts';
import { csvLine } from '../../lib/csv-cell.ts';
import { ownVivier } from './own-vivier.ts';
import { importReportLines, type ReportKind, type ReportLine } from './import-report.ts';

export type ReportSeparator = 'semicolon' | 'comma';

const HEADERS: Record<Langue, string[]> = {
  fr: ['ligne', 'type', 'code', 'colonne', 'valeur', 'motif'],
  en: ['line', 'kind', 'code', 'column', 'value', 'reason'],
};

const KINDS: Record<Langue, Record<ReportKind, string>> = {
  fr: { ERROR: 'erreur', WARNING: 'avertissement', DUPLICATE: 'doublon' },
  en: { ERROR: 'error', WARNING: 'warning', DUPLICATE: 'duplicate' },
};

const BOM = '\uFEFF';

export function reportSeparator(langue: Langue, chosen?: ReportSeparator): string {
  const separator = chosen ?? (langue === 'fr' ? 'semicolon' : 'comma');
  return separator === 'semicolon' ? ';' : ',';
}

/** The report's text, line by line (the first one starts with the BOM). */
export async function* reportCsv(
  lines: AsyncIterable<ReportLine>,
  langue: Langue,
  separator: string,
): AsyncGenerator<string> {
  yield `${BOM}${csvLine(HEADERS[langue], separator)}\r\n`;
  for await (const l of lines) {
    const cells = [l.line, KINDS[langue][l.kind], l.code, l.column, l.value, l.reason];
    yield `${csvLine(cells, separator)}\r\n`;
  }
}

export interface ImportReportFile {
  fileName: string;
  text: AsyncGenerator<string>;
}

/** The report of an import of one of the company's pools; another company's pool or import is a 404. */
export async function openVivierImportReport(
  ctx: Ctx,
  vivierId: number,
  importId: number,
  opts: { langue: Langue; separator?: ReportSeparator },
): Promise<ImportReportFile> {
  await ownVivier(ctx, vivierId);
  const found = await VivierImport.query(ctx.db).findOne({ id: importId, vivierId }).select('id');
  if (!found) throw new NotFoundError('Import');
  const name = opts.langue === 'fr' ? 'rapport' : 'report';
  return {
    fileName: `import-${importId}-${name}.csv`,
    text: reportCsv(
      importReportLines(ctx.db, importId, opts.langue),
      opts.langue,
      reportSeparator(opts.langue, opts.separator),
    ),
  };
}
