import { createContext, type Ctx } from '../domain/context.ts';
import type { JobDeps } from './deps.ts';

/** The domain context of a job run: a system actor named after the job. */
export function systemCtx(deps: JobDeps, jobName: string): Ctx {
  return createContext(deps, { type: 'system', id: `job:${jobName}` });
}
