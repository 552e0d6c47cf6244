/**
 * `recrutement webhooks list | enable <id>`: every subscription with its state (active, why the
 * platform switched it off, failing since when), and turning one back on, through the same use
 * cases as the webhook routes (the CLI is a system actor: it sees every owner's subscriptions).
 */
import type { Command } from 'commander';
import { positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import type { EnvFactory } from '../command-env.ts';

function ownerLabel(s: {
  scope: string;
  entrepriseId: number | null;
  ownerAccountId: number;
  appId: number | null;
}) {
  if (s.scope === 'admin') return `admin ${s.ownerAccountId}`;
  return s.appId === null ? `company ${s.entrepriseId}` : `app ${s.appId} for company ${s.entrepriseId}`;
}

export function registerWebhooksCommands(program: Command, env: EnvFactory): void {
  const webhooks = program.command('webhooks').description('webhook subscriptions of every owner');

  webhooks
    .command('list')
    .description('every subscription: state, failing since, why it was disabled')
    .addHelpText('after', '\nExamples:\n  $ recrutement webhooks list\n  $ recrutement webhooks list --json')
    .action(async () => {
      const e = env();
      const { listSubscriptionStates } = await import('../../domain/webhooks/list-subscription-states.ts');
      const subs = await listSubscriptionStates(e.ctx());
      e.output.result(subs, () =>
        e.output.table(
          ['id', 'owner', 'url', 'state', 'disabled reason', 'failing since'],
          subs.map((s) => [
            s.id,
            ownerLabel(s),
            s.url,
            s.active ? 'ACTIVE' : 'DISABLED',
            s.disabledReason ?? '',
            dateTime(s.failingSince),
          ]),
        ),
      );
    });

  webhooks
    .command('enable')
    .argument('<id>', 'subscription id', positiveInt)
    .description('turn a subscription back on (its DEAD deliveries can then be replayed)')
    .addHelpText('after', '\nExample:\n  $ recrutement webhooks enable 7')
    .action(async (id: number) => {
      const e = env();
      const { enableSubscription } = await import('../../domain/webhooks/enable-subscription.ts');
      const sub = await enableSubscription(e.ctx(), id);
      e.output.result(sub, () => e.output.out(e.output.color.green(`Subscription #${sub.id} enabled`)));
    });
}
