/**
 * `recrutement sms list | retry <id...> | cancel <id...>`: the SMS outbox as the operator sees it,
 * each message with its state, attempts, last error and delivery receipt (DELIVRD, EXPIRED...);
 * a dead letter (FAILED) or a cancelled message queued again; a queued one withdrawn. The worker
 * sends what is queued; `recrutement jobs run sms:send` sends it now.
 */
import type { Command } from 'commander';
import type { SmsListItem } from '../../domain/sms/index.ts';
import type { SmsStatus } from '../../models/sms-message.ts';
import { collectPositiveInts, oneOf, positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import { UsageError, type EnvFactory } from '../command-env.ts';

const STATUSES: readonly SmsStatus[] = ['PENDING', 'SENT', 'DELIVERED', 'UNDELIVERED', 'FAILED', 'CANCELLED'];

function rows(list: SmsListItem[]) {
  return list.map((s) => [
    s.id,
    s.to,
    s.kind,
    s.status,
    s.segments,
    s.attempts,
    s.dlrStatus ? `${s.dlrStatus} ${dateTime(s.dlrAt)}` : '',
    s.sentAt ? dateTime(s.sentAt) : s.status === 'PENDING' ? `next ${dateTime(s.nextAttemptAt)}` : '',
    s.lastError ?? '',
  ]);
}

export function registerSmsCommands(program: Command, env: EnvFactory): void {
  const sms = program.command('sms').description('the SMS outbox: list, retry, cancel');

  sms
    .command('list')
    .description('SMS, newest first, with their delivery receipts')
    .option('--status <status>', `only this status (${STATUSES.join(', ')})`, oneOf(STATUSES))
    .option('--limit <n>', 'at most this many (default 50)', positiveInt, 50)
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement sms list --status FAILED\n  $ recrutement sms list --json',
    )
    .action(async (opts: { status?: SmsStatus; limit: number }) => {
      const e = env();
      const { listSms } = await import('../../domain/sms/index.ts');
      const list = await listSms(e.ctx(), { status: opts.status, limit: opts.limit });
      e.output.result(list, () => {
        if (!list.length) return e.output.out('No SMS');
        e.output.table(
          ['id', 'to', 'kind', 'status', 'segments', 'attempts', 'receipt', 'sent', 'last error'],
          rows(list),
        );
      });
    });

  for (const [name, description] of [
    ['retry', 'queue FAILED or CANCELLED SMS again, now'],
    ['cancel', 'withdraw queued (PENDING) SMS'],
  ] as const) {
    sms
      .command(name)
      .argument('<ids...>', 'SMS ids', collectPositiveInts)
      .description(description)
      .addHelpText('after', `\nExample:\n  $ recrutement sms ${name} 12 13`)
      .action(async (ids: number[] | undefined) => {
        const e = env();
        if (!ids?.length) throw new UsageError('Give at least one SMS id');
        const { retrySms, cancelSms } = await import('../../domain/sms/index.ts');
        const done: number[] = [];
        const refused: { id: number; error: string }[] = [];
        for (const id of ids) {
          try {
            await (name === 'retry' ? retrySms : cancelSms)(e.ctx(), id);
            done.push(id);
          } catch (err) {
            refused.push({ id, error: (err as Error).message });
          }
        }
        e.output.result({ [name === 'retry' ? 'retried' : 'cancelled']: done, refused }, () => {
          if (done.length)
            e.output.out(`${name === 'retry' ? 'Queued again' : 'Cancelled'}: ${done.join(', ')}`);
          for (const r of refused) e.output.err(e.output.color.red(`SMS ${r.id}: ${r.error}`));
        });
        if (refused.length)
          throw new Error(
            `${refused.length} of ${ids.length} SMS not ${name === 'retry' ? 'retried' : 'cancelled'}`,
          );
      });
  }
}
