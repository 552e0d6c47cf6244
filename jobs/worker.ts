/**
 * The job runner process: builds Agenda, schedules the recurring jobs, starts a pump for each
 * queue (jobs/outbox/: webhooks, emails, SMS, instant alerts, talent-pool imports), logs each
 * job's start, end and failure as JSON, and on stop lets the sends in flight finish, releases the
 * running imports (another worker resumes them) and drains running jobs.
 */
import type { Agenda, Job } from 'agenda';
import type { JobDeps } from './deps.ts';
import { buildAgenda, type AgendaOptions } from './agenda.ts';
import { definitions } from './definitions/index.ts';
import { startPumps, type PumpOptions } from './outbox/start-pumps.ts';

export interface RunningWorker {
  agenda: Agenda;
  stop(): Promise<void>;
}

function logLifecycle(agenda: Agenda, deps: JobDeps): void {
  const started = new WeakMap<Job, number>();
  agenda.on('start', (job: Job) => {
    started.set(job, Date.now());
    deps.logger.info({ job: job.attrs.name, id: String(job.attrs._id) }, 'job start');
  });
  agenda.on('success', (job: Job) => {
    deps.logger.info(
      { job: job.attrs.name, id: String(job.attrs._id), ms: Date.now() - (started.get(job) ?? Date.now()) },
      'job success',
    );
  });
  agenda.on('fail', (err: Error, job: Job) => {
    deps.logger.error(
      { job: job.attrs.name, id: String(job.attrs._id), err: { message: err.message } },
      'job failure',
    );
  });
}

export async function scheduleRecurring(agenda: Agenda, deps: JobDeps): Promise<void> {
  for (const spec of definitions) {
    const every = spec.every?.(deps);
    if (every)
      await agenda.every(every.interval, spec.name, {}, { timezone: every.timezone, skipImmediate: true });
  }
}

export interface WorkerOptions extends AgendaOptions {
  /** The pumps of the queues (jobs/outbox/); `false` runs Agenda alone. */
  pumps?: PumpOptions | false;
}

export async function startWorker(deps: JobDeps, opts: WorkerOptions = {}): Promise<RunningWorker> {
  const agenda = await buildAgenda(deps, opts);
  logLifecycle(agenda, deps);
  await agenda.start();
  await scheduleRecurring(agenda, deps);
  const pumps = opts.pumps === false ? null : startPumps(deps, opts.pumps);
  deps.logger.info({ store: deps.config.jobsStore, jobs: definitions.map((d) => d.name) }, 'worker started');
  return {
    agenda,
    stop: async () => {
      await pumps?.stop();
      await agenda.drain();
      deps.logger.info('worker stopped');
    },
  };
}
