/**
 * The worker's SMS sender, like the email pump: woken by new outbox rows (in-process signal or
 * high-water mark), it leases due SMS as its slots free up and sends each through the transport,
 * which spaces the submits to its rate (messages per second per connection). Receipts and
 * messages from phones come back through the same transport and are stored by the SMS area.
 */
import type { Ctx } from '../../domain/context.ts';
import { claimDueSms, inboundHandlers, sendOneSms, type SmsTransport } from '../../domain/sms/index.ts';
import { startSlotPump, type SlotPump } from './slot-pump.ts';

export interface SmsPumpOptions {
  /** SMS in flight at once, at most (default: the transport's rate, 1 to 32). */
  slots?: number;
  /** The idle sweep (retries coming due, quiet hours ending, expired leases). */
  idleMs?: number;
}

export type SmsPump = SlotPump;

export function startSmsPump(ctx: Ctx, transport: SmsTransport, opts: SmsPumpOptions = {}): SmsPump {
  transport.listen(inboundHandlers(ctx));
  return startSlotPump({
    name: 'sms',
    slots: opts.slots ?? Math.max(1, Math.min(32, Math.ceil(transport.ratePerSecond))),
    idleMs: opts.idleMs ?? 1000,
    logger: ctx.logger,
    claim: (limit) => claimDueSms(ctx, limit),
    send: (row) => sendOneSms(ctx, transport, row),
  });
}
