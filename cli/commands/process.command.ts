/**
 * Long-running processes: `serve` (API), `worker` (job runner), and `start` (migrate, seed, then
 * API and worker in one process: the newcomer's one command). SIGTERM/SIGINT stop them gracefully.
 */
import type { Command } from 'commander';
import { ensureDatabase } from '../../lib/db.ts';
import { migrateLatest } from '../../lib/migrator.ts';
import { runSeeds } from '../../seeds/index.ts';
import { startServer } from '../../api/server.ts';
import { startWorker } from '../../jobs/worker.ts';
import type { EnvFactory } from './index.ts';
import type { Runtime } from '../../lib/runtime.ts';
import { createSearchReplica } from '../../domain/search/search-replica.ts';

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const done = (sig: string) => resolve(sig);
    process.once('SIGTERM', done);
    process.once('SIGINT', done);
  });
}

async function serve(rt: Runtime) {
  return startServer({
    db: rt.db,
    config: rt.config,
    logger: rt.logger,
    clock: rt.clock,
    storage: rt.storage,
    search: createSearchReplica(rt.db, rt.logger, rt.config),
  });
}

export function registerProcessCommands(program: Command, env: EnvFactory): void {
  program
    .command('serve')
    .description('start the HTTP API (PORT, HOST)')
    .addHelpText('after', '\nExample:\n  $ PORT=8080 recrutement serve')
    .action(async () => {
      const rt = env().runtime();
      const server = await serve(rt);
      env().output.err(`API listening on ${server.url}`);
      const sig = await waitForSignal();
      rt.logger.info({ signal: sig }, 'api stopping');
      await server.close();
    });

  program
    .command('worker')
    .description('start the job runner (Agenda): alerts, imports, webhooks, emails, deadlines')
    .addHelpText('after', '\nExample:\n  $ recrutement worker')
    .action(async () => {
      const rt = env().runtime();
      const worker = await startWorker(rt);
      env().output.err('Job runner started');
      const sig = await waitForSignal();
      rt.logger.info({ signal: sig }, 'worker stopping');
      await worker.stop();
    });

  program
    .command('start')
    .description('migrate, seed, then run the API and the job runner together in this process')
    .addHelpText('after', '\nExample:\n  $ npm start')
    .action(async () => {
      const e = env();
      const rt = e.runtime();
      await ensureDatabase(rt.config.databaseUrl);
      await migrateLatest(rt.db);
      await runSeeds(rt.db, rt.config);
      const server = await serve(rt);
      const worker = await startWorker(rt);
      e.output.err(`API listening on ${server.url}; job runner started`);
      await waitForSignal();
      await server.close();
      await worker.stop();
    });
}
