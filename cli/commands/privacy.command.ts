/**
 * `recrutement privacy run [--dry-run]`: the daily retention run (the same use case as the job
 * `privacy:retention`), now, in this process: notices to inactive candidates, erasure of those
 * still inactive 30 days after their notice, removal of stale uninvited talent-pool members.
 * --dry-run lists what it would do and writes nothing. Audit rows carry the CLI's system actor.
 */
import type { Command } from 'commander';
import { dateTime } from '../ui/format.ts';
import type { EnvFactory } from '../command-env.ts';

export function registerPrivacyCommands(program: Command, env: EnvFactory): void {
  const privacy = program.command('privacy').description('retention of personal data');

  privacy
    .command('run')
    .description(
      'notify inactive candidates, erase those still inactive 30 days later, remove stale uninvited pool members',
    )
    .option('--dry-run', 'list what would be done, write nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement privacy run --dry-run\n  $ recrutement privacy run --json',
    )
    .action(async (opts: { dryRun?: boolean }) => {
      const e = env();
      const { runPrivacyRetention } = await import('../../domain/privacy/retention.ts');
      const report = await runPrivacyRetention(e.ctx(), { dryRun: Boolean(opts.dryRun) });
      e.output.result(report, () => {
        const rows = [
          ...report.noticed.map((n) => ['notice', `candidate #${n.candidateId}`, dateTime(n.lastActivityAt)]),
          ...report.anonymised.map((a) => [
            'anonymise',
            `candidate #${a.candidateId}`,
            dateTime(a.lastActivityAt),
          ]),
          ...report.poolMembersRemoved.map((m) => [
            'remove',
            `pool member #${m.memberId} (pool ${m.vivierId})`,
            '',
          ]),
        ];
        if (rows.length) e.output.table(['action', 'who', 'last activity'], rows);
        const summary =
          `${report.noticed.length} notice(s), ${report.anonymised.length} account(s) anonymised, ` +
          `${report.poolMembersRemoved.length} pool member(s) removed (inactive since before ${dateTime(report.cutoff)})`;
        e.output.out(
          report.dryRun
            ? e.output.color.yellow(`Dry run, nothing written: ${summary}`)
            : e.output.color.green(summary),
        );
      });
    });
}
