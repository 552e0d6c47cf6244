/**
 * `recommendations:weekly-digest`: Mondays at 08:00 (JOBS_TIMEZONE, default Africa/Douala), after
 * the 06:00 job alerts and outside SMS quiet hours, emails each subscribed candidate the best of
 * their recommendations no earlier digest sent them (domain/recommendations/send-weekly-digests.ts).
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { sendWeeklyDigests } from '../../domain/recommendations/index.ts';
import { systemCtx } from '../system-ctx.ts';

export const recommendationsDigestJob: JobDefinitionSpec = {
  name: JOB_NAMES.recommendationsDigest,
  every: (deps) => ({ interval: '0 8 * * 1', timezone: deps.config.jobsTimezone }),
  lockLifetimeMs: 10 * 60_000,
  async run(job, deps) {
    const dryRun = (job.attrs.data as { dryRun?: unknown } | undefined)?.dryRun === true;
    await sendWeeklyDigests(systemCtx(deps, JOB_NAMES.recommendationsDigest), {
      dryRun,
      heartbeat: () => job.touch(),
    });
  },
};
