/**
 * `recrutement vivier import --preview`, printed for a person: how the file is read (format,
 * encoding, delimiter, sheet and the workbook's sheets), each column with the field it would fill
 * and 3 sample values, the columns ignored, then the first problems. Everything shown from the
 * file goes through Output (cleaned of terminal escapes, cli/ui/terminal-text.ts). `--json` prints
 * the preview object itself, as the API answers it.
 */
import type { ImportPreview } from '../../domain/viviers/preview-vivier-import.ts';
import type { IgnoredColumn } from '../../domain/viviers/column-mapping.ts';
import type { Langue } from '../../models/account.ts';
import type { Output } from '../ui/output.ts';

const DELIMITER_NAMES: Record<string, string> = { ',': '","', ';': '";"', '\t': 'TAB' };

const KIND_WORDS = {
  fr: { ERROR: 'erreur', WARNING: 'avertissement' },
  en: { ERROR: 'error', WARNING: 'warning' },
} as const;

const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** "csv, windows-1252, delimiter ";"" or "xlsx (or ods), sheet "Candidats" of "Notes", "Candidats"". */
function readingLine(p: ImportPreview): string {
  if (p.format !== 'csv')
    return `Format: ${p.format}, sheet "${p.sheet ?? ''}" (sheets: ${quoted(p.sheetNames)})`;
  const delimiter = p.delimiter ? DELIMITER_NAMES[p.delimiter] : '?';
  return `Format: csv, encoding ${p.encoding ?? '?'}, delimiter ${delimiter}`;
}

/** The columns whose data is not imported (the preview's, and an import's after its counts). */
export function ignoredLine(ignored: IgnoredColumn[]): string {
  if (!ignored.length) return 'Ignored columns: none';
  const names = ignored.map((c) => (c.header ? `"${c.header}"` : '(no header)') + ` (#${c.position})`);
  return `Ignored columns (not imported): ${names.join(', ')}`;
}

export function printPreview(out: Output, preview: ImportPreview, langue: Langue): void {
  out.out(readingLine(preview));
  out.table(
    ['#', 'column', 'field', 'sample 1', 'sample 2', 'sample 3'],
    preview.columns.map((c) => [
      c.position,
      c.header,
      c.field ?? '(ignored)',
      c.samples[0],
      c.samples[1],
      c.samples[2],
    ]),
  );
  out.out(ignoredLine(preview.ignoredColumns));
  const rows = preview.complete ? `${preview.checkedRows} rows` : `the first ${preview.checkedRows} rows`;
  out.out(`Checked ${rows}: ${preview.errorRows} would be refused, ${preview.warningRows} with warnings`);
  if (preview.problems.length) {
    const kinds = KIND_WORDS[langue];
    out.table(
      ['line', 'kind', 'column', 'problem'],
      preview.problems.map((p) => [p.line, kinds[p.kind], p.column, p.message]),
    );
  }
  out.out('Preview only: nothing was written (run again without --preview to import)');
}
