/**
 * `recrutement vivier import <vivierId> <file.csv>`: imports a CSV into a company's talent pool now,
 * in this process, with a progress bar (plain lines without a terminal), then prints the counts and
 * the report's first lines: refused rows, warnings and duplicates, in file order, in the language of
 * the account the import is made for (the recruiters' report.csv, from the same use case);
 * `--report <file>` writes that report whole. Same checks, storage and row-by-row rules as the
 * recruiters' upload route (domain/viviers/operator-vivier-import.ts); the job runner would pick
 * it up if this process died.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { OperatorImportResult } from '../../domain/viviers/operator-vivier-import.ts';
import type { OperatorImportReport } from '../../domain/viviers/operator-import-report.ts';
import type { ReportLine } from '../../domain/viviers/import-report.ts';
import type { Output } from '../ui/output.ts';
import { createProgress } from '../ui/progress.ts';
import { positiveInt } from '../ui/arguments.ts';
import { UsageError } from '../program.ts';
import type { EnvFactory } from './index.ts';

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

export function registerVivierCommands(program: Command, env: EnvFactory): void {
  const vivier = program.command('vivier').description("companies' talent pools");

  vivier
    .command('import')
    .argument('<vivierId>', 'talent pool id', positiveInt)
    .argument(
      '<file>',
      'CSV file: header row, email column required; nom, prenom, telephone, tags, notes optional; , or ;',
    )
    .description(
      'import a CSV into a talent pool now, with progress; prints imported, duplicate and refused rows',
    )
    .option(
      '--report <file>',
      'write the whole report (every refused, warned and duplicate line) as a CSV file, as the API gives it',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement vivier import 12 candidats.csv\n  $ recrutement vivier import 12 candidats.csv --json' +
        '\n  $ recrutement vivier import 12 candidats.csv --report rapport.csv',
    )
    .action(async (vivierId: number, file: string, opts: { report?: string }) => {
      const e = env();
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new UsageError(`Cannot read the file "${file}"`);
      const totalLines = await countLines(file);
      const progress = createProgress(e, `Import ${path.basename(file)}`, 'lines');
      let result: OperatorImportResult;
      try {
        const { importVivierCsvAsOperator } = await import('../../domain/viviers/operator-vivier-import.ts');
        result = await importVivierCsvAsOperator(
          e.ctx(),
          vivierId,
          { path: file, originalName: path.basename(file), size: info.size },
          {
            // Drawn once the file passed the checks and the import is ours, so a refusal prints only the error.
            onStart: () => progress.update(0, totalLines),
            onBatch: (p) => progress.update(Math.min(p.lastCommittedLine, totalLines), totalLines),
          },
        );
        if (result.progress?.status === 'DONE') progress.update(totalLines, totalLines);
      } finally {
        progress.stop();
      }
      const { importId, progress: p } = result;
      let report: OperatorImportReport | null = null;
      let lines: ReportLine[] = [];
      if (p) {
        const { operatorImportReport } = await import('../../domain/viviers/operator-import-report.ts');
        report = await operatorImportReport(e.ctx(), importId);
        lines = await firstLines(report, e.output.json ? JSON_LINES : SHOWN_LINES);
        if (opts.report) await pipeline(Readable.from(report.csv()), createWriteStream(opts.report));
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
            lines,
            moreLines: (report?.total ?? 0) - lines.length,
            failureMessage: p.failureMessage,
          }
        : { importId, processedBy: 'job runner' };
      e.output.result(summary, () => {
        if (!p)
          return e.output.out(`Import #${importId} was taken by the job runner, which is processing it`);
        e.output.table(
          ['import', 'status', 'rows', 'imported', 'duplicates', 'errors', 'warnings'],
          [[importId, p.status, p.totalRows, p.importedRows, p.duplicateRows, p.errorRows, p.warningRows]],
        );
        if (report) printReport(e.output, report, lines, opts.report);
      });
      if (p?.status === 'FAILED') throw new Error(`Import #${importId} failed: ${p.failureMessage}`);
    });
}
