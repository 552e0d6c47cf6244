/**
 * The worker's email sender. Woken by new outbox rows (in-process signal or high-water mark), it
 * keeps its send slots busy: it leases due emails as slots free up and sends each on its own over
 * pooled SMTP connections, so one slow message never holds a batch and a worker does not open a
 * connection per email.
 */
import type { Ctx } from '../../domain/context.ts';
import { claimDueEmails, sendOneEmail } from '../../domain/mail/send-due-emails.ts';
import type { MailTransport } from '../../lib/mailer.ts';
import { startSlotPump, type SlotPump } from './slot-pump.ts';

export interface EmailPumpOptions {
  /** Emails being sent at once, at most. */
  slots?: number;
  /** The idle sweep (retries coming due, expired leases). */
  idleMs?: number;
}

export type EmailPump = SlotPump;

export function startEmailPump(ctx: Ctx, transport: MailTransport, opts: EmailPumpOptions = {}): EmailPump {
  return startSlotPump({
    name: 'email',
    slots: opts.slots ?? 32,
    idleMs: opts.idleMs ?? 1000,
    logger: ctx.logger,
    claim: (limit) => claimDueEmails(ctx, limit),
    send: (row) => sendOneEmail(ctx, transport, row),
  });
}
