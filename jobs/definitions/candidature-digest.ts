/**
 * `candidatures:daily-digest`: daily at 07:00 (JOBS_TIMEZONE, default Africa/Douala), emails each
 * recruiter who chose DAILY_DIGEST the applications of the last days it was not told about
 * (domain/candidatures/send-candidature-digests.ts).
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { sendCandidatureDigests } from '../../domain/candidatures/send-candidature-digests.ts';
import { systemCtx } from '../system-ctx.ts';

export const candidatureDigestJob: JobDefinitionSpec = {
  name: JOB_NAMES.candidatureDigest,
  every: (deps) => ({ interval: '0 7 * * *', timezone: deps.config.jobsTimezone }),
  lockLifetimeMs: 10 * 60_000,
  async run(_job, deps) {
    const report = await sendCandidatureDigests(systemCtx(deps, JOB_NAMES.candidatureDigest));
    deps.logger.info({ job: JOB_NAMES.candidatureDigest, ...report }, 'candidature digests written');
  },
};
