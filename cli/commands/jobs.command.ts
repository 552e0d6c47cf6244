/**
 * `recrutement jobs list|run <name>`: what the job runner knows (per job name: counts by state),
 * and running one job now, in this process, through a real Agenda instance that processes only
 * that job (so it works whether or not a worker is up, and locks like a worker would).
 */
import type { Command } from 'commander';
import type { Job } from 'agenda';
import { JOB_NAMES } from '../../jobs/names.ts';
import { UsageError } from '../command-env.ts';
import type { EnvFactory } from '../command-env.ts';
import { registerJobsDashboardCommand } from './jobs-dashboard.command.ts';

export function registerJobsCommands(program: Command, env: EnvFactory): void {
  const jobs = program.command('jobs').description('the job runner (Agenda) as seen from its store');
  registerJobsDashboardCommand(jobs, env);

  jobs
    .command('list')
    .description('job names with their counts by state')
    .addHelpText('after', '\nExample:\n  $ recrutement jobs list --json')
    .action(async () => {
      const e = env();
      const rt = e.runtime();
      const { buildAgenda } = await import('../../jobs/agenda.ts');
      const { definitions } = await import('../../jobs/definitions/index.ts');
      const agenda = await buildAgenda(rt, { specs: [] });
      await agenda.ready;
      const overview = await agenda.getJobsOverview();
      const known = definitions.map((d) => d.name);
      const rows = known.map(
        (name) =>
          overview.find((o) => o.name === name) ?? {
            name,
            total: 0,
            running: 0,
            scheduled: 0,
            queued: 0,
            completed: 0,
            failed: 0,
            repeating: 0,
            paused: 0,
          },
      );
      e.output.result(rows, () =>
        e.output.table(
          ['job', 'total', 'running', 'scheduled', 'queued', 'completed', 'failed', 'repeating'],
          rows.map((r) => [
            r.name,
            r.total,
            r.running,
            r.scheduled,
            r.queued,
            r.completed,
            r.failed,
            r.repeating,
          ]),
        ),
      );
      await agenda.stop();
    });

  jobs
    .command('run <name>')
    .description(`run one job now and wait for it (${Object.values(JOB_NAMES).join(', ')})`)
    .addHelpText('after', '\nExample:\n  $ recrutement jobs run offres:close-expired')
    .action(async (name: string) => {
      const e = env();
      const { buildAgenda } = await import('../../jobs/agenda.ts');
      const { definitions } = await import('../../jobs/definitions/index.ts');
      const spec = definitions.find((d) => d.name === name);
      if (!spec)
        throw new UsageError(`Unknown job "${name}"; known: ${definitions.map((d) => d.name).join(', ')}`);
      const rt = e.runtime();
      const agenda = await buildAgenda(rt, { specs: [spec], processEvery: 200, name: `cli-${process.pid}` });
      const finished = new Promise<{ ok: boolean; error?: string }>((resolve) => {
        agenda.on(`success:${name}`, () => resolve({ ok: true }));
        agenda.on(`fail:${name}`, (err: Error, _job: Job) => resolve({ ok: false, error: err.message }));
      });
      await agenda.start();
      const job = await agenda.now(name, {});
      const outcome = await finished;
      await agenda.stop();
      const result = { job: name, id: String(job.attrs._id), ...outcome };
      if (!outcome.ok) throw new Error(`Job ${name} failed: ${outcome.error}`);
      e.output.result(result, () => e.output.out(e.output.color.green(`Job ${name} done`)));
    });
}
