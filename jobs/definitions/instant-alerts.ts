/**
 * `alerts:instant-match`: match the INSTANT alerts against the offers published since their last
 * match. The workers' instant-alerts pump (jobs/outbox/instant-alerts-pump.ts) does it as soon
 * as an offer is published; this job is the once-a-minute sweep behind it.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { systemCtx } from '../system-ctx.ts';

export const instantAlertsJob: JobDefinitionSpec = {
  name: JOB_NAMES.instantAlerts,
  every: () => ({ interval: '1 minute' }),
  lockLifetimeMs: 5 * 60_000,
  async run(job, deps) {
    await runAlertMatching(systemCtx(deps, JOB_NAMES.instantAlerts), {
      run: 'instant',
      heartbeat: () => job.touch(),
    });
  },
};
