/**
 * `recrutement vivier import <vivierId> <file>`: imports a CSV, .xlsx or .ods file into a company's talent
 * pool now, in this process, with a progress bar (plain lines without a terminal), then prints the
 * counts, the ignored columns and the report's first lines: refused rows, warnings and duplicates,
 * in file order, in the language of the account the import is made for (the recruiters'
 * report.csv, from the same use case); `--report <file>` writes that report whole. `--mapping` and
 * `--sheet` are the upload route's `mapping` and `sheet` fields; `--preview` is its preview route
 * (vivier-import-preview.ts prints it). Same checks, storage and row-by-row rules as the
 * recruiters' upload route (domain/viviers/operator-vivier-import.ts); the job runner would pick
 * it up if this process died.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { OperatorImportResult } from '../../domain/viviers/operator-vivier-import.ts';
import type { OperatorImportReport } from '../../domain/viviers/operator-import-report.ts';
import type { ReportLine } from '../../domain/viviers/import-report.ts';
import type { ImportChoices, IncomingCsv } from '../../domain/viviers/import-upload.ts';
import type { Output } from '../ui/output.ts';
import { createProgress } from '../ui/progress.ts';
import { nonBlank, positiveInt } from '../ui/arguments.ts';
import { UsageError, type CommandEnv } from '../command-env.ts';
import type { EnvFactory } from '../command-env.ts';
import { ignoredLine, printPreview } from './vivier-import-preview.ts';

/** Report lines printed in a table, and listed under --json (--report writes them all). */
const SHOWN_LINES = 20;
const JSON_LINES = 1000;

const KIND_WORDS = {
  fr: { ERROR: 'erreur', WARNING: 'avertissement', DUPLICATE: 'doublon' },
  en: { ERROR: 'error', WARNING: 'warning', DUPLICATE: 'duplicate' },
} as const;

async function firstLines(report: OperatorImportReport, count: number): Promise<ReportLine[]> {
  const lines: ReportLine[] = [];
  if (count === 0) return lines;
  for await (const line of report.lines()) {
    lines.push(line);
    if (lines.length >= count) break;
  }
  return lines;
}

function printReport(out: Output, report: OperatorImportReport, lines: ReportLine[], reportFile?: string) {
  if (!lines.length) return;
  const kinds = KIND_WORDS[report.langue];
  out.table(
    ['line', 'kind', 'column', 'value', 'reason'],
    lines.map((l) => [l.line, kinds[l.kind], l.column, l.value, l.reason]),
  );
  if (report.total > lines.length)
    out.out(
      `... and ${report.total - lines.length} more ` +
        (reportFile ? `(all in ${reportFile})` : '(--report <file.csv> writes them all)'),
    );
}

/**
 * Lines of the file, the unit of progress: the import reports the last line it committed, and a
 * quoted field spanning lines makes records and lines differ.
 */
async function countLines(file: string): Promise<number> {
  let lines = 0;
  let last = -1;
  let crOnly = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === 0x0a) lines++;
      else if (chunk[i] === 0x0d && chunk[i + 1] !== 0x0a) crOnly++;
    }
    if (chunk.length) last = chunk[chunk.length - 1];
  }
  const total = lines + crOnly;
  return last === -1 ? 0 : last === 0x0a || last === 0x0d ? total : total + 1;
}

/** What the operator chose beside the file: the upload route's `mapping` and `sheet` fields. */
interface ImportOptions {
  report?: string;
  mapping?: string;
  sheet?: string;
  preview?: boolean;
}

async function uploadOf(file: string): Promise<IncomingCsv> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`Cannot read the file "${file}"`);
  return { path: file, originalName: path.basename(file), size: info.size };
}

/**
 * `--mapping`: the JSON itself, or `@file.json`. Checked now, by the same reading as the upload
 * route's `mapping` field, so a bad one is a usage error before anything is read or queued.
 */
async function mappingOption(value: string | undefined): Promise<string | null> {
  if (value === undefined) return null;
  const source = value.startsWith('@') ? value.slice(1) : null;
  const text =
    source === null
      ? value
      : await readFile(source, 'utf8').catch(() => {
          throw new UsageError(`Cannot read the mapping file "${source}"`);
        });
  // Windows editors start a saved file with a byte-order mark, which JSON does not allow.
  const json = text.replace(/^\uFEFF/, '');
  const { parseMapping } = await import('../../domain/viviers/column-mapping.ts');
  try {
    parseMapping(json);
  } catch (err) {
    throw new UsageError(`--mapping: ${err instanceof Error ? err.message : String(err)}`);
  }
  return json;
}

/**
 * Progress counts the file's lines, what the import reports as done: a CSV's are counted first; a
 * workbook's last row is known only once read (0: unknown), and so is a file the import will refuse.
 */
async function linesToImport(file: string): Promise<number> {
  const { readHead } = await import('../../domain/viviers/row-source.ts');
  const { sniffImportFormat } = await import('../../domain/viviers/import-file-format.ts');
  try {
    if (sniffImportFormat(await readHead(() => createReadStream(file))) !== 'csv') return 0;
  } catch {
    return 0;
  }
  return countLines(file);
}

async function previewImport(e: CommandEnv, vivierId: number, upload: IncomingCsv, choices: ImportChoices) {
  const { previewVivierImportAsOperator } = await import('../../domain/viviers/operator-vivier-import.ts');
  const { langue, preview } = await previewVivierImportAsOperator(e.ctx(), vivierId, upload, choices);
  e.output.result(preview, () => printPreview(e.output, preview, langue));
}

async function runImport(
  e: CommandEnv,
  vivierId: number,
  upload: IncomingCsv,
  choices: ImportChoices,
  reportFile: string | undefined,
) {
  const totalLines = await linesToImport(upload.path);
  const progress = createProgress(e, `Import ${upload.originalName}`, 'lines');
  let result: OperatorImportResult;
  try {
    const { importVivierCsvAsOperator } = await import('../../domain/viviers/operator-vivier-import.ts');
    result = await importVivierCsvAsOperator(e.ctx(), vivierId, upload, {
      choices,
      // Drawn once the file passed the checks and the import is ours, so a refusal prints only the error.
      onStart: () => progress.update(0, totalLines),
      onBatch: (p) =>
        progress.update(
          totalLines ? Math.min(p.lastCommittedLine, totalLines) : p.lastCommittedLine,
          totalLines,
        ),
    });
    const last = totalLines || (result.progress?.lastCommittedLine ?? 0);
    if (result.progress?.status === 'DONE') progress.update(last, last);
  } finally {
    progress.stop();
  }
  const { importId, progress: p, ignoredColumns } = result;
  let report: OperatorImportReport | null = null;
  let lines: ReportLine[] = [];
  if (p) {
    const { operatorImportReport } = await import('../../domain/viviers/operator-import-report.ts');
    report = await operatorImportReport(e.ctx(), importId);
    lines = await firstLines(report, e.output.json ? JSON_LINES : SHOWN_LINES);
    if (reportFile) await pipeline(Readable.from(report.csv()), createWriteStream(reportFile));
  }
  const summary = p
    ? {
        importId,
        status: p.status,
        totalRows: p.totalRows,
        importedRows: p.importedRows,
        duplicateRows: p.duplicateRows,
        errorRows: p.errorRows,
        warningRows: p.warningRows,
        ignoredColumns,
        lines,
        moreLines: (report?.total ?? 0) - lines.length,
        failureMessage: p.failureMessage,
      }
    : { importId, processedBy: 'job runner', ignoredColumns };
  e.output.result(summary, () => {
    if (!p) e.output.out(`Import #${importId} was taken by the job runner, which is processing it`);
    else
      e.output.table(
        ['import', 'status', 'rows', 'imported', 'duplicates', 'errors', 'warnings'],
        [[importId, p.status, p.totalRows, p.importedRows, p.duplicateRows, p.errorRows, p.warningRows]],
      );
    if (ignoredColumns.length) e.output.out(ignoredLine(ignoredColumns));
    if (report) printReport(e.output, report, lines, reportFile);
  });
  if (p?.status === 'FAILED') throw new Error(`Import #${importId} failed: ${p.failureMessage}`);
}

export function registerVivierCommands(program: Command, env: EnvFactory): void {
  const vivier = program.command('vivier').description("companies' talent pools");

  vivier
    .command('import')
    .argument('<vivierId>', 'talent pool id', positiveInt)
    .argument(
      '<file>',
      'CSV file (UTF-8, UTF-16 or Windows-1252; , ; or TAB) or .xlsx or .ods workbook: header row, an email column; ' +
        'the other columns are mapped by their headers (see --preview) or by --mapping',
    )
    .description(
      'import a CSV, .xlsx or .ods file into a talent pool now, with progress; prints imported, duplicate and refused rows',
    )
    .option(
      '--mapping <json|@file.json>',
      'file column -> field (email, nom, prenom, nomComplet, telephone, tags, notes) or null to ignore it, ' +
        "as the API's mapping field: the JSON itself or @ and a file holding it; other columns keep the proposed field",
    )
    .option(
      '--sheet <name|index>',
      '.xlsx or .ods: the sheet to read, by name or position from 1 (default: the first visible)',
      nonBlank,
    )
    .option(
      '--preview',
      'write nothing: print the format, each column with its field and 3 sample values, the ignored columns and the first problems',
    )
    .option(
      '--report <file>',
      'write the whole report (every refused, warned and duplicate line) as a CSV file, as the API gives it',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement vivier import 12 candidats.csv\n  $ recrutement vivier import 12 candidats.csv --json' +
        '\n  $ recrutement vivier import 12 candidats.xlsx --sheet Candidats --preview' +
        '\n  $ recrutement vivier import 12 candidats.csv --mapping \'{"Mobile Phone": "telephone", "Âge": null}\'' +
        '\n  $ recrutement vivier import 12 candidats.csv --mapping @colonnes.json --report rapport.csv',
    )
    .action(async (vivierId: number, file: string, opts: ImportOptions) => {
      const e = env();
      if (opts.preview && opts.report)
        throw new UsageError('--preview writes nothing: --report goes with an import');
      const upload = await uploadOf(file);
      const choices: ImportChoices = {
        mapping: await mappingOption(opts.mapping),
        sheet: opts.sheet ?? null,
      };
      if (opts.preview) await previewImport(e, vivierId, upload, choices);
      else await runImport(e, vivierId, upload, choices, opts.report);
    });
}
