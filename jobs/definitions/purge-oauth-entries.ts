/**
 * `oauth:purge-expired`: every hour, removes the OAuth server's expired codes, tokens, sessions and
 * grants (domain/integrations/purge-expired-entries.ts).
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { purgeExpiredOAuthEntries } from '../../domain/integrations/index.ts';
import { systemCtx } from '../system-ctx.ts';

export const purgeOAuthEntriesJob: JobDefinitionSpec = {
  name: JOB_NAMES.purgeOAuthEntries,
  every: () => ({ interval: '17 * * * *' }),
  lockLifetimeMs: 10 * 60 * 1000,
  async run(_job, deps) {
    const { removed } = await purgeExpiredOAuthEntries(systemCtx(deps, JOB_NAMES.purgeOAuthEntries));
    deps.logger.info({ job: JOB_NAMES.purgeOAuthEntries, removed }, 'expired OAuth entries removed');
  },
};
