/**
 * `recrutement alerts run [--dry-run]`: the daily job-alert matching (the same use case as the job
 * `alerts:daily-match`), run now in this process. Emails go to the outbox, sent by the job runner;
 * --dry-run reports what would be sent and writes nothing.
 */
import type { Command } from 'commander';
import type { EnvFactory } from '../command-env.ts';

export function registerAlertsCommands(program: Command, env: EnvFactory): void {
  const alerts = program.command('alerts').description('job alerts (saved searches emailed to candidates)');

  alerts
    .command('run')
    .description('match every active alert against the offers published since its last match, now')
    .option('--dry-run', 'count what would be sent, write nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement alerts run --dry-run\n  $ recrutement alerts run --json',
    )
    .action(async (opts: { dryRun?: boolean }) => {
      const e = env();
      const { runAlertMatching } = await import('../../domain/alerts/run-alert-matching.ts');
      const report = await runAlertMatching(e.ctx(), { dryRun: Boolean(opts.dryRun) });
      e.output.result(report, () => {
        e.output.table(
          ['alerts scanned', 'matched', 'emails queued', 'offers sent', 'failed'],
          [
            [
              report.alertsScanned,
              report.alertsMatched,
              report.emailsQueued,
              report.offresSent,
              report.alertsFailed,
            ],
          ],
        );
        const line = report.dryRun
          ? 'Dry run: nothing was written'
          : `${report.emailsQueued} email(s) queued for the job runner`;
        e.output.out(
          report.alertsFailed
            ? e.output.color.yellow(
                `${line}; ${report.alertsFailed} alert(s) failed, retried at the next run`,
              )
            : e.output.color.green(line),
        );
      });
    });
}
