/** What each job definition file exports: its name, schedule, limits and what a run does. */
import type { Job } from 'agenda';
import type { JobDeps } from '../deps.ts';
import type { JobName } from '../names.ts';

export interface JobDefinitionSpec {
  name: JobName;
  /** Recurring schedule (cron or human interval) set by the worker at start, if any. */
  every?: (deps: JobDeps) => { interval: string; timezone?: string } | null;
  concurrency?: number;
  lockLifetimeMs?: number;
  run(job: Job, deps: JobDeps): Promise<void>;
}
