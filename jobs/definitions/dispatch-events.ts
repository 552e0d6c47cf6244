/**
 * `webhooks:dispatch-events`: turn new outbox events into webhook deliveries
 * (domain/webhooks/dispatch-events.ts), batch after batch until the outbox is drained. The
 * workers' webhook pumps do it as events come; this job is a once-a-minute sweep behind them.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { systemCtx } from '../system-ctx.ts';

const BATCH = 200;
const MAX_BATCHES_PER_RUN = 50;

export const dispatchEventsJob: JobDefinitionSpec = {
  name: JOB_NAMES.dispatchEvents,
  every: () => ({ interval: '1 minute' }),
  lockLifetimeMs: 5 * 60_000,
  async run(job, deps) {
    const ctx = systemCtx(deps, JOB_NAMES.dispatchEvents);
    for (let i = 0; i < MAX_BATCHES_PER_RUN; i += 1) {
      const { events } = await dispatchEvents(ctx, { limit: BATCH });
      if (events < BATCH) return;
      await job.touch();
    }
  },
};
