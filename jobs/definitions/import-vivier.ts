/**
 * `vivier:import-csv`: every few seconds, claim and run queued (or abandoned) talent-pool CSV
 * imports (domain/viviers/process-vivier-imports.ts). The import rows are the queue, so the API
 * never talks to Agenda; job.touch() between batches keeps a long import's lock alive.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { processVivierImports } from '../../domain/viviers/process-vivier-imports.ts';
import { systemCtx } from '../system-ctx.ts';

export const importVivierJob: JobDefinitionSpec = {
  name: JOB_NAMES.importVivier,
  every: () => ({ interval: '2 seconds' }),
  lockLifetimeMs: 5 * 60_000,
  async run(job, deps) {
    await processVivierImports(systemCtx(deps, JOB_NAMES.importVivier), { heartbeat: () => job.touch() });
  },
};
