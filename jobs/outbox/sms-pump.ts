/**
 * The worker's SMS sender, like the email pump: woken by new outbox rows (in-process signal or
 * high-water mark), it leases due SMS as its slots free up and sends each through the transport,
 * which spaces the submits to its rate (messages per second per connection). Receipts and
 * messages from phones come back through the same transport and are stored by the SMS area.
 */
import type { Ctx } from '../../domain/context.ts';
import { claimDueSms, inboundHandlers, sendOneSms, type SmsTransport } from '../../domain/sms/index.ts';
import { DrainLoop } from './drain-loop.ts';

export interface SmsPumpOptions {
  /** SMS in flight at once, at most (default: the transport's rate, 1 to 32). */
  slots?: number;
  /** The idle sweep (retries coming due, quiet hours ending, expired leases). */
  idleMs?: number;
}

export interface SmsPump {
  wake(): void;
  stop(): Promise<void>;
}

export function startSmsPump(ctx: Ctx, transport: SmsTransport, opts: SmsPumpOptions = {}): SmsPump {
  const size = opts.slots ?? Math.max(1, Math.min(32, Math.ceil(transport.ratePerSecond)));
  const sends = new Set<Promise<unknown>>();
  let inFlight = 0;
  transport.listen(inboundHandlers(ctx));

  const step = async (): Promise<boolean> => {
    const rows = await claimDueSms(ctx, size - inFlight);
    for (const row of rows) {
      inFlight += 1;
      const send = sendOneSms(ctx, transport, row)
        .catch((err: unknown) =>
          // The lease expires and the SMS is tried again: nothing is lost.
          ctx.logger.error({ err, smsId: row.id }, 'sms send failed unexpectedly'),
        )
        .finally(() => {
          inFlight -= 1;
          sends.delete(send);
          loop.wake();
        });
      sends.add(send);
    }
    return false;
  };

  const loop = new DrainLoop(step, opts.idleMs ?? 1000, (err) =>
    ctx.logger.error({ err }, 'sms pump step failed'),
  ).start();

  return {
    wake: () => loop.wake(),
    async stop() {
      await loop.stop();
      await Promise.all([...sends]);
    },
  };
}
