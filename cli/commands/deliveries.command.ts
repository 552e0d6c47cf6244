/**
 * `recrutement deliveries list | show <id> | replay <id...> | replay --all-dead`: webhook
 * deliveries of every subscription (the CLI is a system actor, which the webhook use cases let see
 * all owners), through the same use cases as /webhooks/deliveries. A replay starts a new attempt
 * series (same event id) that the job runner sends; replaying every DEAD delivery asks first.
 */
import type { Command } from 'commander';
import type { DeliveryView } from '../../domain/webhooks/delivery-view.ts';
import type { DeliveryStatus } from '../../models/webhook-delivery.ts';
import { confirm } from '../ui/confirm.ts';
import { collectPositiveInts, nonNegativeInt, oneOf, positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import { UsageError } from '../command-env.ts';
import { MAX_PAGE_SIZE } from '../../domain/shared/pagination.ts';
import type { EnvFactory } from '../command-env.ts';

const STATUSES: readonly DeliveryStatus[] = ['PENDING', 'SUCCEEDED', 'FAILED', 'DEAD'];

function deliveryRows(list: readonly DeliveryView[]) {
  return list.map((d) => [
    d.id,
    d.subscriptionId,
    d.eventType,
    d.status,
    d.attempts,
    d.lastStatusCode ?? d.lastError ?? '',
    dateTime(d.nextAttemptAt),
    dateTime(d.createdAt),
  ]);
}
const DELIVERY_HEAD = [
  'id',
  'subscription',
  'event',
  'status',
  'attempts',
  'last result',
  'next attempt',
  'created',
];

export function registerDeliveriesCommands(program: Command, env: EnvFactory): void {
  const deliveries = program.command('deliveries').description('webhook deliveries of every subscription');

  deliveries
    .command('list')
    .description('deliveries, newest first')
    .option('--status <status>', `only this status (${STATUSES.join(', ')})`, oneOf(STATUSES))
    .option('--subscription <id>', 'only this subscription', positiveInt)
    .option('--page <n>', 'page number, from 0', nonNegativeInt, 0)
    .option('--size <n>', `page size (at most ${MAX_PAGE_SIZE})`, positiveInt, 20)
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement deliveries list --status DEAD\n  $ recrutement deliveries list --subscription 3 --json',
    )
    .action(async (opts: { status?: DeliveryStatus; subscription?: number; page: number; size: number }) => {
      const e = env();
      const { listDeliveries } = await import('../../domain/webhooks/list-deliveries.ts');
      const page = await listDeliveries(e.ctx(), {
        status: opts.status,
        subscriptionId: opts.subscription,
        page: opts.page,
        size: opts.size,
      });
      e.output.result(page, () => {
        e.output.table(DELIVERY_HEAD, deliveryRows(page.content));
        const p = page.page;
        e.output.out(`page ${p.number + 1} of ${Math.max(1, p.totalPages)} (${p.totalElements} deliveries)`);
      });
    });

  deliveries
    .command('show')
    .argument('<id>', 'delivery id', positiveInt)
    .description('one delivery with its attempt log')
    .addHelpText('after', '\nExample:\n  $ recrutement deliveries show 120')
    .action(async (id: number) => {
      const e = env();
      const { getDelivery } = await import('../../domain/webhooks/get-delivery.ts');
      const d = await getDelivery(e.ctx(), id);
      e.output.result(d, () => {
        e.output.table(DELIVERY_HEAD, deliveryRows([d]));
        e.output.out(`event id ${d.eventId}${d.deliveredAt ? `, delivered ${dateTime(d.deliveredAt)}` : ''}`);
        e.output.table(
          ['attempt', 'when', 'HTTP status', 'error', 'duration'],
          d.attemptLog.map((a) => [
            a.attempt,
            dateTime(a.createdAt),
            a.statusCode,
            a.error,
            `${a.durationMs} ms`,
          ]),
        );
      });
    });

  deliveries
    .command('replay')
    .argument('[ids...]', 'delivery ids', collectPositiveInts)
    .description('send deliveries again (new attempt series, same event id), by id or every DEAD one')
    .option('--all-dead', 'replay every DEAD delivery (asks first unless --yes)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement deliveries replay 120 121\n  $ recrutement deliveries replay --all-dead --yes',
    )
    .action(async (given: number[] | undefined, opts: { allDead?: boolean }) => {
      const e = env();
      const ids = given ?? [];
      if (opts.allDead && ids.length) throw new UsageError('Give delivery ids or --all-dead, not both');
      if (!opts.allDead && !ids.length) throw new UsageError('Give at least one delivery id, or --all-dead');
      const { deadDeliveryIds } = await import('../../domain/webhooks/replay-deliveries.ts');
      const targets = opts.allDead ? await deadDeliveryIds(e.ctx()) : ids;
      if (opts.allDead && targets.length) await confirm(e, `Replay ${targets.length} DEAD deliveries?`);
      const { replayDeliveries } = await import('../../domain/webhooks/replay-deliveries.ts');
      const outcomes = await replayDeliveries(e.ctx(), targets);
      const failed = outcomes.filter((o) => !o.replayed);
      e.output.result({ replayed: outcomes.length - failed.length, outcomes }, () => {
        if (!targets.length) return e.output.out('No DEAD delivery to replay');
        for (const o of outcomes) {
          if (o.replayed)
            e.output.out(e.output.color.green(`Delivery #${o.id} scheduled again (${o.status})`));
          else e.output.err(e.output.color.red(`Delivery #${o.id}: ${o.error?.code} ${o.error?.message}`));
        }
      });
      if (failed.length) throw new Error(`${failed.length} of ${outcomes.length} deliveries not replayed`);
    });
}
