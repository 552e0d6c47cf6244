/**
 * Builds Agenda on the configured store: our MysqlBackend in the application's database
 * (JOBS_STORE=mysql, default) or the official MongoDB backend (JOBS_STORE=mongodb), and
 * registers every job definition. An `error` listener is always attached.
 */
import { Agenda } from 'agenda';
import type { JobDeps } from './deps.ts';
import { MysqlBackend } from './mysql-backend.ts';
import { createMongoBackend } from './mongo-store.ts';
import { registerDefinitions, definitions } from './definitions/index.ts';
import type { JobDefinitionSpec } from './definitions/job-definition.ts';

export interface AgendaOptions {
  processEvery?: string | number;
  name?: string;
  specs?: JobDefinitionSpec[];
}

export function buildAgenda(deps: JobDeps, opts: AgendaOptions = {}): Agenda {
  const backend =
    deps.config.jobsStore === 'mongodb'
      ? createMongoBackend(deps.config.mongodbUrl!)
      : new MysqlBackend({ knex: deps.db });
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
