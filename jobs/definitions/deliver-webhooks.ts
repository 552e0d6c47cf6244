/**
 * `webhooks:deliver`: send the deliveries that are due (domain/webhooks/deliver-due.ts), batch
 * after batch for at most about a minute. Each worker's webhook pump (jobs/outbox/webhook-pump.ts)
 * sends as events come; this job is a once-a-minute sweep behind it and what `recrutement jobs run
 * webhooks:deliver` starts. It used to be the only sender, every 2 s: one run at a time for all
 * workers, each batch waiting for its slowest attempt.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { deliverDue } from '../../domain/webhooks/deliver-due.ts';
import { systemCtx } from '../system-ctx.ts';

const BATCH = 50;
const RUN_BUDGET_MS = 60_000;

export const deliverWebhooksJob: JobDefinitionSpec = {
  name: JOB_NAMES.deliverWebhooks,
  every: () => ({ interval: '1 minute' }),
  lockLifetimeMs: 5 * 60_000,
  async run(job, deps) {
    const ctx = systemCtx(deps, JOB_NAMES.deliverWebhooks);
    const started = Date.now();
    for (;;) {
      const report = await deliverDue(ctx, { limit: BATCH });
      if (report.claimed)
        deps.logger.info({ job: JOB_NAMES.deliverWebhooks, ...report }, 'webhook deliveries processed');
      if (report.claimed < BATCH || Date.now() - started > RUN_BUDGET_MS) return;
      await job.touch();
    }
  },
};
