/**
 * Long-running processes: `serve` (API), `worker` (job runner), and `start` (migrate, seed, then
 * API and worker in one process: the newcomer's one command, first-start.ts). SIGTERM/SIGINT stop
 * them gracefully. The API records its public URL for the worker and the CLI (lib/public-url.ts).
 * Their modules are imported when the command runs, so `--help` does not load the API.
 */
import type { Command } from 'commander';
import type { EnvFactory } from '../command-env.ts';
import type { Runtime } from '../../lib/runtime.ts';
import type { Output } from '../ui/output.ts';
import { firstStart } from './first-start.ts';

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const done = (sig: string) => resolve(sig);
    process.once('SIGTERM', done);
    process.once('SIGINT', done);
  });
}

/** The start line (tests and benches read the URL from it), then a warning when rate limiting is off. */
async function announce(output: Output, rt: Runtime, line: string): Promise<void> {
  output.err(line);
  await warnIfRateLimitOff(output, rt);
}

async function warnIfRateLimitOff(output: Output, rt: Runtime): Promise<void> {
  const { RATE_LIMIT_OFF_WARNING } = await import('../../api/server.ts');
  if (!rt.config.rateLimitEnabled) output.err(output.color.yellow(`WARNING: ${RATE_LIMIT_OFF_WARNING}`));
}

async function serve(rt: Runtime) {
  const { startServer } = await import('../../api/server.ts');
  const { createSearchReplica } = await import('../../engines/search/search-replica.ts');
  const { recordPublicUrl } = await import('../../lib/public-url.ts');
  // A serving process: its young collections walk the old generation the build leaves behind.
  const search = createSearchReplica(rt.db, rt.logger, rt.config, { compactHeapAfterBuild: true });
  const server = await startServer({
    db: rt.db,
    config: rt.config,
    logger: rt.logger,
    clock: rt.clock,
    storage: rt.storage,
    search,
  });
  // PORT=0 (any free port): the default URL names port 0, so the port actually taken is recorded.
  const publicUrl = !rt.config.publicUrlSet && rt.config.port === 0 ? server.url : rt.config.publicUrl;
  await recordPublicUrl(rt.db, { ...rt.config, publicUrl });
  return { ...server, search, publicUrl };
}

export function registerProcessCommands(program: Command, env: EnvFactory): void {
  program
    .command('serve')
    .description('start the HTTP API (PORT, HOST)')
    .addHelpText('after', '\nExample:\n  $ PORT=8080 recrutement serve')
    .action(async () => {
      const rt = env().runtime();
      const server = await serve(rt);
      await announce(env().output, rt, `API listening on ${server.url}`);
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
      const { startWorker } = await import('../../jobs/worker.ts');
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
      const started = await firstStart(rt, e.output, serve);
      const signal = waitForSignal();
      await warnIfRateLimitOff(e.output, rt);
      started.printNextSteps();
      const sig = await signal;
      rt.logger.info({ signal: sig }, 'stopping');
      await started.stop();
    });
}
