/**
 * What a worker runs besides Agenda: a pump for each queue. The webhook, email and SMS pumps and
 * instant job alerts are woken by the in-process signal (lib/outbox-signal.ts) and by the
 * high-water-mark poll (every `pollMs`, 100 ms by default), so an event or an email leaves within a
 * fraction of a second instead of at the next fixed tick; the talent-pool import pump by the
 * in-process signal and its own sweep (import-pump.ts).
 */
import type { JobDeps } from '../deps.ts';
import { systemCtx } from '../system-ctx.ts';
import { JOB_NAMES } from '../names.ts';
import { onOutboxWrite } from '../../lib/outbox-signal.ts';
import { createMailTransport } from '../../lib/mailer.ts';
import { watchHighWaterMarks } from './high-water-mark.ts';
import { startWebhookPump, type WebhookPumpOptions } from './webhook-pump.ts';
import { startEmailPump, type EmailPumpOptions } from './email-pump.ts';
import { startSmsPump, type SmsPumpOptions } from './sms-pump.ts';
import { startInstantAlertsPump } from './instant-alerts-pump.ts';
import { startStatusNoticesPump } from './status-notices-pump.ts';
import { startImportPump, type ImportPumpOptions } from './import-pump.ts';
import { createSmsTransport } from '../../engines/sms/index.ts';
import type { SmsTransport } from '../../domain/sms/index.ts';

export interface PumpOptions {
  pollMs?: number;
  webhooks?: WebhookPumpOptions;
  emails?: EmailPumpOptions & { smtpConnections?: number };
  /** The SMS pump; its transport comes from SMS_URL unless given. */
  sms?: SmsPumpOptions & { transport?: SmsTransport };
  /** Instant job alerts, run when an offer is published (false: not in this process). */
  instantAlerts?: { idleMs?: number } | false;
  /** Talent-pool imports (false: not in this process). */
  imports?: ImportPumpOptions | false;
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
  const smsTransport = opts.sms?.transport ?? createSmsTransport(deps.config, deps.logger);
  const sms = startSmsPump(systemCtx(deps, JOB_NAMES.sendSms), smsTransport, opts.sms);
  const instant =
    opts.instantAlerts === false
      ? null
      : startInstantAlertsPump(systemCtx(deps, JOB_NAMES.instantAlerts), opts.instantAlerts);
  const notices = startStatusNoticesPump(systemCtx(deps, JOB_NAMES.sendSms));
  const imports =
    opts.imports === false ? null : startImportPump(systemCtx(deps, JOB_NAMES.importVivier), opts.imports);
  const unsubscribe = [
    onOutboxWrite('events', () => webhooks.wakeForEvents()),
    onOutboxWrite('events', () => instant?.wake()),
    onOutboxWrite('events', () => notices.wake()),
    onOutboxWrite('emails', () => emails.wake()),
    onOutboxWrite('sms', () => sms.wake()),
  ];
  // Kept until the import pump has stopped: while it listens, the `vivier:import-csv` sweep job of
  // this process only wakes it instead of running an import of its own.
  const offImports = imports ? onOutboxWrite('imports', () => imports.wake()) : null;
  const watch = watchHighWaterMarks(
    deps.db,
    opts.pollMs ?? 100,
    (topic) => {
      if (topic === 'events') {
        webhooks.wakeForEvents();
        instant?.wake();
        notices.wake();
      } else if (topic === 'sms') sms.wake();
      else emails.wake();
    },
    (err) => deps.logger.error({ err }, 'outbox high-water-mark poll failed'),
  );
  return {
    async stop() {
      for (const off of unsubscribe) off();
      await watch.stop();
      await Promise.all([
        webhooks.stop(),
        emails.stop(),
        sms.stop(),
        instant?.stop(),
        notices.stop(),
        imports?.stop(),
      ]);
      offImports?.();
      transport.close();
      // A transport given by the caller is the caller's to close.
      if (!opts.sms?.transport) await smsTransport.close();
    },
  };
}
