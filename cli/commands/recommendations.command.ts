/**
 * `recrutement recommendations digest [--dry-run]`: the weekly "offers for you" digest (the same
 * use case as the job `recommendations:weekly-digest`), run now in this process. A candidate
 * already served this week gets nothing more; emails and SMS go to the outboxes, sent by the job
 * runner; --dry-run reports what would be sent and writes nothing.
 */
import type { Command } from 'commander';
import type { EnvFactory } from '../command-env.ts';

export function registerRecommendationsCommands(program: Command, env: EnvFactory): void {
  const recommendations = program.command('recommendations').description('offers recommended to candidates');

  recommendations
    .command('digest')
    .description('send this week’s digest of recommended offers to the subscribed candidates not served yet')
    .option('--dry-run', 'count what would be sent, write nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement recommendations digest --dry-run\n  $ recrutement recommendations digest --json',
    )
    .action(async (opts: { dryRun?: boolean }) => {
      const e = env();
      const { sendWeeklyDigests } = await import('../../domain/recommendations/index.ts');
      const report = await sendWeeklyDigests(e.ctx(), { dryRun: Boolean(opts.dryRun) });
      e.output.result(report, () => {
        e.output.table(
          ['week of', 'candidates scanned', 'digests', 'offers sent', 'SMS queued', 'failed'],
          [
            [
              report.weekStart,
              report.candidatsScanned,
              report.digestsSent,
              report.offresSent,
              report.smsQueued,
              report.candidatsFailed,
            ],
          ],
        );
        const line = report.dryRun
          ? 'Dry run: nothing was written'
          : `${report.digestsSent} digest(s) queued for the job runner`;
        e.output.out(
          report.candidatsFailed
            ? e.output.color.yellow(
                `${line}; ${report.candidatsFailed} candidate(s) failed, retried at the next run`,
              )
            : e.output.color.green(line),
        );
      });
    });
}
