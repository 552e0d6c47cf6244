/**
 * `vivier:import-csv`: a once-a-minute sweep behind the workers' import pumps
 * (jobs/outbox/import-pump.ts), and what `recrutement jobs run vivier:import-csv` starts. Where an
 * import pump runs (a worker), the sweep only wakes it, so imports keep to the pump's slots and
 * its stop; elsewhere (the CLI, a worker without pumps) it claims and runs queued or abandoned
 * imports in turn (domain/viviers/process-vivier-imports.ts). Either way an import's lease is its
 * own heartbeat: job.touch() between batches only keeps Agenda from cancelling this run.
 */
import { JOB_NAMES } from '../names.ts';
import type { JobDefinitionSpec } from './job-definition.ts';
import { processVivierImports } from '../../domain/viviers/process-vivier-imports.ts';
import { wakeOutboxListeners } from '../../lib/outbox-signal.ts';
import { systemCtx } from '../system-ctx.ts';

export const importVivierJob: JobDefinitionSpec = {
  name: JOB_NAMES.importVivier,
  every: () => ({ interval: '1 minute' }),
  lockLifetimeMs: 5 * 60_000,
  async run(job, deps) {
    if (wakeOutboxListeners('imports')) return;
    await processVivierImports(systemCtx(deps, JOB_NAMES.importVivier), { heartbeat: () => job.touch() });
  },
};
