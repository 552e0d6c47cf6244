/**
 * `recrutement integrations apps [--status S] | approve <id> | reject <id> --reason | suspend <id>
 * --reason | reactivate <id>`: the administrators' review of third-party OAuth apps, the same use
 * case as /admin/integrations/apps/... (status, audit row as the CLI user, email to the company's
 * owner, in one transaction). A suspension refuses the app's tokens on every API instance from
 * their next use. Use cases are imported when their command runs, so `--help` loads none.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { AppView } from '../../domain/integrations/index.ts';
import { confirm } from '../ui/confirm.ts';
import { nonBlank, positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import type { CommandEnv, EnvFactory } from '../command-env.ts';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'SUSPENDED'] as const;

function printChanged(e: CommandEnv, verb: string, app: AppView): void {
  e.output.result(app, () =>
    e.output.out(
      e.output.color.green(`${verb} app #${app.id} ${app.name} (${app.clientId}): now ${app.status}`),
    ),
  );
}

export function registerIntegrationsCommands(program: Command, env: EnvFactory): void {
  const integrations = program
    .command('integrations')
    .description('third-party OAuth apps: review, suspension');

  integrations
    .command('apps')
    .description('integration apps, oldest first')
    .option('--status <status>', `only apps in this status (${STATUSES.join(', ')})`, (v: string) => {
      const s = v.toUpperCase();
      if (!(STATUSES as readonly string[]).includes(s))
        throw new InvalidArgumentError(`status must be one of ${STATUSES.join(', ')}`);
      return s as (typeof STATUSES)[number];
    })
    .addHelpText('after', '\nExample:\n  $ recrutement integrations apps --status PENDING')
    .action(async (opts: { status?: (typeof STATUSES)[number] }) => {
      const e = env();
      const { listAppsForReview } = await import('../../domain/integrations/index.ts');
      const apps = await listAppsForReview(e.ctx(), opts.status);
      e.output.result(apps, () => {
        if (!apps.length) return e.output.out('No integration app');
        e.output.table(
          ['id', 'name', 'company', 'type', 'scopes', 'status', 'since'],
          apps.map((a) => [
            a.id,
            a.name,
            a.entrepriseId,
            a.clientType,
            a.scopes.join(' '),
            a.status,
            dateTime(a.createdAt),
          ]),
        );
      });
    });

  const decision = (
    name: 'approve' | 'reject' | 'suspend' | 'reactivate',
    description: string,
    verb: string,
    reasonRequired: boolean,
  ) => {
    const cmd = integrations
      .command(name)
      .argument('<id>', 'app id', positiveInt)
      .description(description)
      .addHelpText(
        'after',
        `\nExample:\n  $ recrutement integrations ${name} 7${reasonRequired ? ' --reason "Usage abusif" --yes' : ''}`,
      );
    if (reasonRequired)
      cmd.requiredOption('--reason <text>', 'why (required, emailed to the owner)', nonBlank);
    else cmd.option('--reason <text>', 'optional note, emailed to the owner', nonBlank);
    cmd.action(async (id: number, opts: { reason?: string }) => {
      const e = env();
      if (name !== 'approve') await confirm(e, `${name[0]!.toUpperCase()}${name.slice(1)} app #${id}?`);
      const { reviewApp } = await import('../../domain/integrations/index.ts');
      printChanged(e, verb, await reviewApp(e.ctx(), id, name, opts.reason ?? null));
    });
  };
  decision('approve', 'approve an app (PENDING -> APPROVED): it may obtain tokens', 'Approved', false);
  decision('reject', 'reject a PENDING app; the reason is emailed to the owner', 'Rejected', true);
  decision(
    'suspend',
    'suspend an APPROVED app platform-wide: its tokens are refused at once',
    'Suspended',
    true,
  );
  decision('reactivate', 'reactivate a SUSPENDED app', 'Reactivated', false);
}
