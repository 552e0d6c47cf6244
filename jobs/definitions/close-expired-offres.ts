/** `offres:close-expired`: hourly (in JOBS_TIMEZONE), archive PUBLISHED offers past their deadline. */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { closeExpiredOffres } from '../../domain/offres/close-expired-offres.ts';
import { systemCtx } from '../system-ctx.ts';

export const closeExpiredOffresJob: JobDefinitionSpec = {
  name: JOB_NAMES.closeExpiredOffres,
  every: (deps) => ({ interval: '0 * * * *', timezone: deps.config.jobsTimezone }),
  async run(_job, deps) {
    const { closed } = await closeExpiredOffres(systemCtx(deps, JOB_NAMES.closeExpiredOffres));
    if (closed.length)
      deps.logger.info({ job: JOB_NAMES.closeExpiredOffres, closed: closed.length }, 'offers closed');
  },
};
