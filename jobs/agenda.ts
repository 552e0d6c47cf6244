/**
 * Builds Agenda on the configured store: our MysqlBackend in the application's database
 * (JOBS_STORE=mysql, default) or the official MongoDB backend (JOBS_STORE=mongodb), and
 * registers every job definition. An `error` listener is always attached.
 */
import { Agenda } from 'agenda';
import type { JobDeps } from './deps.ts';
import { MysqlBackend } from './mysql-backend.ts';
import { registerDefinitions, definitions } from './definitions/index.ts';
import type { JobDefinitionSpec } from './definitions/job-definition.ts';

export interface AgendaOptions {
  processEvery?: string | number;
  name?: string;
  specs?: JobDefinitionSpec[];
}

export async function buildAgenda(deps: JobDeps, opts: AgendaOptions = {}): Promise<Agenda> {
  const backend =
    deps.config.jobsStore === 'mongodb'
      ? // Loaded only then: the MongoDB driver took about 0.36 s of every worker's start.
        (await import('./mongo-store.ts')).createMongoBackend(deps.config.mongodbUrl!)
      : await connectedMysqlBackend(deps);
  const agenda = new Agenda({
    backend,
    name: opts.name ?? `worker-${process.pid}`,
    processEvery: opts.processEvery ?? '1 second',
    defaultLockLifetime: 10 * 60 * 1000,
  });
  agenda.on('error', (err: unknown) => deps.logger.error({ err }, 'agenda error'));
  registerDefinitions(agenda, deps, opts.specs ?? definitions);
  return agenda;
}

/**
 * Connected before Agenda gets it: Agenda's constructor connects its backend without a catch, so a
 * missing or unreachable database was an unhandled rejection (a stack trace, and `ready` never
 * settling) instead of the CLI's one-line message. The backend's connect() is idempotent: Agenda's
 * own call then finds it done.
 */
async function connectedMysqlBackend(deps: JobDeps): Promise<MysqlBackend> {
  const backend = new MysqlBackend({ knex: deps.db });
  await backend.connect();
  return backend;
}
