/**
 * `emails:send`: send what the email outbox holds (domain/mail/send-due-emails.ts). The workers'
 * email pumps (jobs/outbox/email-pump.ts) send as emails come; this job is a once-a-minute sweep
 * behind them and what `recrutement jobs run emails:send` starts.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { sendDueEmails } from '../../domain/mail/send-due-emails.ts';
import { createMailTransport } from '../../lib/mailer.ts';
import { systemCtx } from '../system-ctx.ts';

export const sendEmails: JobDefinitionSpec = {
  name: JOB_NAMES.sendEmails,
  every: () => ({ interval: '1 minute' }),
  lockLifetimeMs: 10 * 60_000,
  async run(_job, deps) {
    const transport = createMailTransport(deps.config);
    try {
      const report = await sendDueEmails(systemCtx(deps, JOB_NAMES.sendEmails), transport);
      if (report.claimed) deps.logger.info({ job: JOB_NAMES.sendEmails, ...report }, 'emails processed');
    } finally {
      transport.close();
    }
  },
};
