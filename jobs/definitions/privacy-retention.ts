/**
 * `privacy:retention`: daily at 03:30 (JOBS_TIMEZONE, default Africa/Douala), notices inactive candidates 30 days ahead, then
 * erases those still inactive, and removes stale uninvited talent-pool members
 * (domain/privacy/retention.ts). Its audit rows carry the system actor `job:privacy:retention`.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { runPrivacyRetention } from '../../domain/privacy/retention.ts';
import { systemCtx } from '../system-ctx.ts';

export const privacyRetentionJob: JobDefinitionSpec = {
  name: JOB_NAMES.privacyRetention,
  every: (deps) => ({ interval: '30 3 * * *', timezone: deps.config.jobsTimezone }),
  lockLifetimeMs: 30 * 60 * 1000,
  async run(_job, deps) {
    const r = await runPrivacyRetention(systemCtx(deps, JOB_NAMES.privacyRetention));
    deps.logger.info(
      {
        job: JOB_NAMES.privacyRetention,
        noticed: r.noticed.length,
        anonymised: r.anonymised.length,
        poolMembersRemoved: r.poolMembersRemoved.length,
      },
      'privacy retention run',
    );
  },
};
