/**
 * Application notices by SMS (domain/sms/queue-status-notices.ts): woken with the events outbox
 * (a status change records `candidature.status_changed`), it reads the new events after its
 * cursor and queues the SMS of the candidates who asked for them; the SMS pump sends them.
 */
import type { Ctx } from '../../domain/context.ts';
import { queueStatusNotices, statusNoticesCursor } from '../../domain/sms/index.ts';
import { DrainLoop } from './drain-loop.ts';

export interface StatusNoticesPump {
  wake(): void;
  stop(): Promise<void>;
}

export function startStatusNoticesPump(ctx: Ctx, opts: { idleMs?: number } = {}): StatusNoticesPump {
  let cursor: number | null = null;
  const step = async (): Promise<boolean> => {
    cursor ??= await statusNoticesCursor(ctx);
    const next = await queueStatusNotices(ctx, cursor);
    const more = next !== cursor;
    cursor = next;
    return more;
  };
  const loop = new DrainLoop(step, opts.idleMs ?? 5000, (err) =>
    ctx.logger.error({ err }, 'sms status notices failed'),
  ).start();
  return { wake: () => loop.wake(), stop: () => loop.stop() };
}
