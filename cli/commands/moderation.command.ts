/**
 * `recrutement moderation ...`: the administrators' trust queue from a terminal (domain/trust), the
 * same use cases as /admin/trust/*, audited as the CLI user.
 *
 *   list                                   the queue, most risky first
 *   publish <offreId> [--reason <text>]    publish a held or hidden offer (reports closed as kept)
 *   reject <offreId> --reason <text>       reject it (a public one is archived; reports closed as removed)
 *   withdraw-verification <entrepriseId> --reason <text>
 *   restore-verification <entrepriseId>
 *   rules                                  the scam rules and their versions
 *   disable-rule <ruleId>                  disable a rule (a new version)
 */
import type { Command } from 'commander';
import { nonBlank, positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import type { EnvFactory } from '../command-env.ts';

const trust = () => import('../../domain/trust/index.ts');

export function registerModerationCommands(program: Command, env: EnvFactory): void {
  const moderation = program
    .command('moderation')
    .description('trust queue: held and reported offers, unverified companies, scam rules');

  moderation
    .command('list')
    .description('what waits for an administrator, most risky first')
    .option('--limit <n>', 'at most this many items (default 100)', positiveInt)
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement moderation list\n  $ recrutement moderation list --limit 20 --json',
    )
    .action(async (opts: { limit?: number }) => {
      const e = env();
      const items = await (await trust()).listModerationQueue(e.ctx(), { limit: opts.limit });
      e.output.result(items, () => {
        if (!items.length) return e.output.out('Nothing waits for a decision');
        e.output.table(
          ['risk', 'kind', 'offer', 'title', 'company', 'state', 'reasons', 'reports', 'since'],
          items.map((i) => [
            i.risk,
            i.kind,
            i.offreId,
            i.titre,
            `${i.nomEntreprise} (#${i.entrepriseId})`,
            i.moderationStatus,
            [...i.reasons, ...i.reportReasons].join(', '),
            i.openReports,
            dateTime(i.since),
          ]),
        );
      });
    });

  moderation
    .command('publish')
    .argument('<offreId>', 'offer id', positiveInt)
    .description('publish a held or hidden offer; open reports are closed as kept')
    .option('--reason <text>', 'why (kept in the audit log and sent to the recruiter)', nonBlank)
    .action(async (offreId: number, opts: { reason?: string }) => {
      const e = env();
      const d = await (await trust()).releaseOffre(e.ctx(), offreId, opts.reason ?? null);
      e.output.result(d, () =>
        e.output.out(`Offer #${offreId} published (${d.offreStatus}), ${d.reportsResolved} report(s) closed`),
      );
    });

  moderation
    .command('reject')
    .argument('<offreId>', 'offer id', positiveInt)
    .description('reject a held, hidden or reported offer (a public one is archived)')
    .requiredOption('--reason <text>', 'why (kept in the audit log and sent to the recruiter)', nonBlank)
    .action(async (offreId: number, opts: { reason: string }) => {
      const e = env();
      const d = await (await trust()).rejectOffre(e.ctx(), offreId, opts.reason);
      e.output.result(d, () =>
        e.output.out(`Offer #${offreId} rejected (${d.offreStatus}), ${d.reportsResolved} report(s) closed`),
      );
    });

  moderation
    .command('withdraw-verification')
    .argument('<entrepriseId>', 'company id', positiveInt)
    .description("withdraw a company's verification (its recruiters are emailed)")
    .requiredOption('--reason <text>', 'why', nonBlank)
    .action(async (entrepriseId: number, opts: { reason: string }) => {
      const e = env();
      const r = await (await trust()).withdrawVerification(e.ctx(), entrepriseId, opts.reason);
      e.output.result(r, () =>
        e.output.out(`Company #${entrepriseId}: verification ${r.verification.status}`),
      );
    });

  moderation
    .command('restore-verification')
    .argument('<entrepriseId>', 'company id', positiveInt)
    .description('end a withdrawal')
    .action(async (entrepriseId: number) => {
      const e = env();
      const r = await (await trust()).restoreVerification(e.ctx(), entrepriseId);
      e.output.result(r, () =>
        e.output.out(`Company #${entrepriseId}: verification ${r.verification.status}`),
      );
    });

  moderation
    .command('rules')
    .description('the scam rules, enabled or not, with their versions')
    .action(async () => {
      const e = env();
      const rules = await (await trust()).listScamRules(e.ctx());
      e.output.result(rules, () =>
        e.output.table(
          ['id', 'code', 'reason', 'kind', 'languages', 'enabled', 'version'],
          rules.map((r) => [
            r.id,
            r.code,
            r.reasonCode,
            r.kind,
            r.languages.join(','),
            r.enabled ? 'yes' : 'no',
            r.version,
          ]),
        ),
      );
    });

  moderation
    .command('disable-rule')
    .argument('<ruleId>', 'rule id', positiveInt)
    .description('disable a scam rule (kept, with a new version)')
    .action(async (ruleId: number) => {
      const e = env();
      const r = await (await trust()).disableScamRule(e.ctx(), ruleId);
      e.output.result(r, () => e.output.out(`Rule ${r.code} disabled (version ${r.version})`));
    });
}
