/**
 * `recrutement vivier import <vivierId> <file.csv>`: imports a CSV into a company's talent pool now,
 * in this process, with a progress bar (plain lines without a terminal), then prints the counts and
 * the refused rows. Same checks, storage and row-by-row rules as the recruiters' upload route
 * (domain/viviers/operator-vivier-import.ts); the job runner would pick it up if this process died.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { OperatorImportResult } from '../../domain/viviers/operator-vivier-import.ts';
import { createProgress } from '../ui/progress.ts';
import { positiveInt } from '../ui/arguments.ts';
import { UsageError } from '../program.ts';
import type { EnvFactory } from './index.ts';

const SHOWN_ERRORS = 20;

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
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement vivier import 12 candidats.csv\n  $ recrutement vivier import 12 candidats.csv --json',
    )
    .action(async (vivierId: number, file: string) => {
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
      const { importId, progress: p, errors } = result;
      const summary = p
        ? {
            importId,
            status: p.status,
            totalRows: p.totalRows,
            importedRows: p.importedRows,
            duplicateRows: p.duplicateRows,
            errorRows: p.errorRows,
            errors,
            failureMessage: p.failureMessage,
          }
        : { importId, processedBy: 'job runner' };
      e.output.result(summary, () => {
        if (!p)
          return e.output.out(`Import #${importId} was taken by the job runner, which is processing it`);
        e.output.table(
          ['import', 'status', 'rows', 'imported', 'duplicates', 'errors'],
          [[importId, p.status, p.totalRows, p.importedRows, p.duplicateRows, p.errorRows]],
        );
        if (errors.length) {
          e.output.table(
            ['line', 'refused because'],
            errors.slice(0, SHOWN_ERRORS).map((er) => [er.line, er.message]),
          );
          if (p.errorRows > SHOWN_ERRORS)
            e.output.out(`... and ${p.errorRows - SHOWN_ERRORS} more (--json lists up to 1000)`);
        }
      });
      if (p?.status === 'FAILED') throw new Error(`Import #${importId} failed: ${p.failureMessage}`);
    });
}
