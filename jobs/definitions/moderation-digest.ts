/**
 * `admins:moderation-digest`: daily at 08:00 (JOBS_TIMEZONE, default Africa/Douala), emails each
 * administrator what waits for a decision, on the days something does
 * (domain/admins/moderation-digest.ts).
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { sendModerationDigests } from '../../domain/admins/moderation-digest.ts';
import { systemCtx } from '../system-ctx.ts';

export const moderationDigestJob: JobDefinitionSpec = {
  name: JOB_NAMES.moderationDigest,
  every: (deps) => ({ interval: '0 8 * * *', timezone: deps.config.jobsTimezone }),
  lockLifetimeMs: 10 * 60_000,
  async run(_job, deps) {
    const report = await sendModerationDigests(systemCtx(deps, JOB_NAMES.moderationDigest));
    deps.logger.info({ job: JOB_NAMES.moderationDigest, ...report }, 'moderation digests written');
  },
};
