/**
 * The worker's email sender. Woken by new outbox rows (in-process signal or high-water mark), it
 * keeps its send slots busy: it leases due emails as slots free up and sends each on its own over
 * pooled SMTP connections, so one slow message never holds a batch and a worker does not open a
 * connection per email.
 */
import type { Ctx } from '../../domain/context.ts';
import { claimDueEmails, sendOneEmail } from '../../domain/mail/send-due-emails.ts';
import type { MailTransport } from '../../lib/mailer.ts';
import { DrainLoop } from './drain-loop.ts';

export interface EmailPumpOptions {
  /** Emails being sent at once, at most. */
  slots?: number;
  /** The idle sweep (retries coming due, expired leases). */
  idleMs?: number;
}

export interface EmailPump {
  wake(): void;
  /** Stops claiming, then waits for the sends in flight. */
  stop(): Promise<void>;
}

export function startEmailPump(ctx: Ctx, transport: MailTransport, opts: EmailPumpOptions = {}): EmailPump {
  const size = opts.slots ?? 32;
  const sends = new Set<Promise<unknown>>();
  let inFlight = 0;

  const step = async (): Promise<boolean> => {
    const rows = await claimDueEmails(ctx, size - inFlight);
    for (const row of rows) {
      inFlight += 1;
      const send = sendOneEmail(ctx, transport, row)
        .catch((err: unknown) =>
          // The lease expires and the email is tried again: nothing is lost.
          ctx.logger.error({ err, emailId: row.id }, 'email send failed unexpectedly'),
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
    ctx.logger.error({ err }, 'email pump step failed'),
  ).start();

  return {
    wake: () => loop.wake(),
    async stop() {
      await loop.stop();
      await Promise.all([...sends]);
    },
  };
}
