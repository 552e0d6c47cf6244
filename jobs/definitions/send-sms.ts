/**
 * `sms:send`: send what the SMS outbox holds (domain/sms/send-due-sms.ts). The workers' SMS
 * pumps (jobs/outbox/sms-pump.ts) send as SMS come; this job is a once-a-minute sweep behind them
 * and what `recrutement jobs run sms:send` starts.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { sendDueSms } from '../../domain/sms/index.ts';
import { createSmsTransport } from '../../engines/sms/index.ts';
import { systemCtx } from '../system-ctx.ts';

export const sendSmsJob: JobDefinitionSpec = {
  name: JOB_NAMES.sendSms,
  every: () => ({ interval: '1 minute' }),
  lockLifetimeMs: 10 * 60_000,
  async run(_job, deps) {
    const transport = createSmsTransport(deps.config, deps.logger);
    try {
      const report = await sendDueSms(systemCtx(deps, JOB_NAMES.sendSms), transport);
      if (report.claimed) deps.logger.info({ job: JOB_NAMES.sendSms, ...report }, 'sms processed');
    } finally {
      await transport.close();
    }
  },
};
