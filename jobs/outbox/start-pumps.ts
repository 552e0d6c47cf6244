/**
 * What a worker runs besides Agenda: the webhook and email pumps, woken by the in-process signal
 * (lib/outbox-signal.ts) and by the high-water-mark poll (every `pollMs`, 100 ms by default), so
 * an event or an email leaves within a fraction of a second instead of at the next fixed tick.
 */
import type { JobDeps } from '../deps.ts';
import { systemCtx } from '../system-ctx.ts';
import { JOB_NAMES } from '../names.ts';
import { onOutboxWrite } from '../../lib/outbox-signal.ts';
import { createMailTransport } from '../../lib/mailer.ts';
import { watchHighWaterMarks } from './high-water-mark.ts';
import { startWebhookPump, type WebhookPumpOptions } from './webhook-pump.ts';
import { startEmailPump, type EmailPumpOptions } from './email-pump.ts';

export interface PumpOptions {
  pollMs?: number;
  webhooks?: WebhookPumpOptions;
  emails?: EmailPumpOptions & { smtpConnections?: number };
}

export interface RunningPumps {
  stop(): Promise<void>;
}

export function startPumps(deps: JobDeps, opts: PumpOptions = {}): RunningPumps {
  const webhooks = startWebhookPump(systemCtx(deps, JOB_NAMES.deliverWebhooks), opts.webhooks);
  const transport = createMailTransport(deps.config, {
    pool: { maxConnections: opts.emails?.smtpConnections ?? 4 },
  });
  const emails = startEmailPump(systemCtx(deps, JOB_NAMES.sendEmails), transport, opts.emails);
  const unsubscribe = [
    onOutboxWrite('events', () => webhooks.wakeForEvents()),
    onOutboxWrite('emails', () => emails.wake()),
  ];
  const watch = watchHighWaterMarks(
    deps.db,
    opts.pollMs ?? 100,
    (topic) => (topic === 'events' ? webhooks.wakeForEvents() : emails.wake()),
    (err) => deps.logger.error({ err }, 'outbox high-water-mark poll failed'),
  );
  return {
    async stop() {
      for (const off of unsubscribe) off();
      await watch.stop();
      await Promise.all([webhooks.stop(), emails.stop()]);
      transport.close();
    },
  };
}
