/**
 * `alerts:daily-match`: once a day (ALERTS_CRON in ALERTS_TIMEZONE, default 06:00 Africa/Douala),
 * email each active alert the offers published since its last match (domain/alerts/run-alert-matching.ts).
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { runAlertMatching } from '../../domain/alerts/run-alert-matching.ts';
import { systemCtx } from '../system-ctx.ts';

export const matchAlertsJob: JobDefinitionSpec = {
  name: JOB_NAMES.matchAlerts,
  every: (deps) => ({ interval: deps.config.alertsCron, timezone: deps.config.alertsTimezone }),
  lockLifetimeMs: 10 * 60_000,
  async run(job, deps) {
    const dryRun = (job.attrs.data as { dryRun?: unknown } | undefined)?.dryRun === true;
    await runAlertMatching(systemCtx(deps, JOB_NAMES.matchAlerts), { dryRun, heartbeat: () => job.touch() });
  },
};
