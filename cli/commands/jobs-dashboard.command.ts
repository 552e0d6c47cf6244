/**
 * `recrutement jobs dashboard [--port 3100]`: Agendash (the job runner's web dashboard: job types,
 * states, runs, failures; requeue, retry, pause) over the jobs store of DATABASE_URL. The Agenda
 * instance only reads and edits the store: it never processes jobs, so the dashboard can run
 * beside the workers. It listens on 127.0.0.1 only (it has no login): reach it from elsewhere
 * through an SSH tunnel. Stops on SIGTERM/SIGINT.
 *
 * Two Agendash endpoints assume the dashboard runs inside a worker, which it does not; they are
 * answered here from the shared store instead:
 * - GET /api/stats (Agendash asks the local processor, which is not running): counts of every
 *   worker as the store shows them;
 * - GET /api/events (live updates, from a notification channel our MySQL store does not have): a
 *   server-sent event stream that says "complete" when the store's counts change, so the page
 *   refreshes by itself.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type Koa from 'koa';
import { PassThrough } from 'node:stream';
import type { Agenda, JobsOverview } from 'agenda';
import type { JobDeps } from '../../jobs/deps.ts';
import type { EnvFactory } from '../command-env.ts';

export const DASHBOARD_HOST = '127.0.0.1';
export const DEFAULT_DASHBOARD_PORT = 3100;
const LIVE_POLL_MS = 3_000;

const total = (overview: JobsOverview[], key: 'queued' | 'running') =>
  overview.reduce((n, o) => n + o[key], 0);

/** Agendash's stats panel, filled from the store (all workers) rather than from a local processor. */
async function storeStats(agenda: Agenda) {
  const { definitions } = await import('../../jobs/definitions/index.ts');
  const { DEFAULT_JOBS_TABLE } = await import('../../jobs/mysql-backend-schema.ts');
  const overview = await agenda.getJobsOverview();
  const specs = new Map(definitions.map((d) => [d.name as string, d]));
  return {
    version: 'agenda 6',
    queueName: DEFAULT_JOBS_TABLE,
    totalQueueSizeDB: await agenda.db.getQueueSize(),
    config: { totalLockLimit: 0, maxConcurrency: 0, processEvery: 'set by each worker' },
    backend: { name: 'MySQL (MysqlBackend)', hasNotificationChannel: false },
    internal: { localQueueProcessing: 0 },
    jobStatus: Object.fromEntries(
      overview.map((o) => {
        const spec = specs.get(o.name);
        const concurrency = spec?.concurrency ?? 1;
        return [
          o.name,
          {
            running: o.running,
            locked: o.running,
            config: {
              name: o.name,
              concurrency,
              lockLimit: concurrency,
              lockLifetime: spec?.lockLifetimeMs ?? 600_000,
            },
          },
        ];
      }),
    ),
    queuedJobs: total(overview, 'queued'),
    runningJobs: total(overview, 'running'),
    lockedJobs: total(overview, 'running'),
  };
}

/** Server-sent events: "connected", then "complete" whenever the store's counts change. */
function liveEvents(ctx: Koa.Context, agenda: Agenda): void {
  const stream = new PassThrough();
  ctx.set('Content-Type', 'text/event-stream');
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = stream;
  stream.write('event: connected\ndata: {"connected":true}\n\n');
  let last = '';
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    agenda
      .getJobsOverview()
      .then((overview) => {
        const now = JSON.stringify(overview);
        if (last && now !== last)
          stream.write(
            `data: ${JSON.stringify({ type: 'complete', timestamp: new Date().toISOString() })}\n\n`,
          );
        else stream.write(': idle\n\n');
        last = now;
      })
      .catch(() => stream.write(': store unavailable\n\n'))
      .finally(() => (busy = false));
  }, LIVE_POLL_MS);
  ctx.req.on('close', () => {
    clearInterval(timer);
    stream.end();
  });
}

/** Agendash ships no icon; browsers ask for one anyway (and log the 404). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2c3e50"/><path d="M8 3v5l3 2" stroke="#fff" stroke-width="1.6" fill="none"/></svg>';

/**
 * The dashboard has no login, so it trusts its loopback address only: another Host (a DNS-rebinding
 * page) is refused, and changes must be JSON, which a page of another origin cannot send without a
 * CORS preflight that this server never grants (a plain cross-site form post is refused).
 */
function localCallersOnly(port: () => number): Koa.Middleware {
  return async (ctx, next) => {
    const allowed = [`${DASHBOARD_HOST}:${port()}`, `localhost:${port()}`];
    if (!allowed.includes(ctx.get('Host'))) {
      ctx.status = 403;
      ctx.body = { error: 'The jobs dashboard answers on its loopback address only' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && !ctx.is('application/json')) {
      ctx.status = 415;
      ctx.body = { error: 'Changes are sent as application/json' };
      return;
    }
    await next();
  };
}

function storeBackedEndpoints(agenda: Agenda): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/api/stats') ctx.body = await storeStats(agenda);
    else if (ctx.method === 'GET' && ctx.path === '/api/events') liveEvents(ctx, agenda);
    else if (ctx.method === 'GET' && ctx.path === '/favicon.ico') {
      ctx.type = 'image/svg+xml';
      ctx.body = FAVICON;
    } else await next();
  };
}

export interface RunningDashboard {
  url: string;
  close(): Promise<void>;
}

/** Builds the dashboard over the jobs store and listens; `port` 0 takes a free port. */
export async function startJobsDashboard(
  deps: JobDeps,
  port = DEFAULT_DASHBOARD_PORT,
): Promise<RunningDashboard> {
  // Loaded here, not at the top: other commands never pay for it (its entry module also loads
  // express, hence that dependency, although only the Koa middleware is used).
  const { createKoaMiddlewareAsync } = await import('agendash');
  // The same for the rest: `--help` and the other commands load neither Koa nor Agenda.
  const { default: Koa } = await import('koa');
  const { nodeListener } = await import('../../api/http/node-listener.ts');
  const { buildAgenda } = await import('../../jobs/agenda.ts');
  const agenda = await buildAgenda(deps, { name: `dashboard-${process.pid}` });
  await agenda.ready;
  const app = new Koa();
  let actual = port;
  app.use(localCallersOnly(() => actual));
  app.use(storeBackedEndpoints(agenda));
  for (const middleware of await createKoaMiddlewareAsync(agenda)) app.use(middleware);
  const server = http.createServer(nodeListener(app));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, DASHBOARD_HOST, () => resolve());
  });
  actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${DASHBOARD_HOST}:${actual}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agenda.stop();
    },
  };
}

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n > 65535)
    throw new InvalidArgumentError('expected a port number (0 for any free port)');
  return n;
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
}

/** Adds `dashboard` to the `jobs` command group. */
export function registerJobsDashboardCommand(jobs: Command, env: EnvFactory): void {
  jobs
    .command('dashboard')
    .description('web dashboard of the job runner (Agendash) on 127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', port, DEFAULT_DASHBOARD_PORT)
    .addHelpText(
      'after',
      '\nExample:\n  $ recrutement jobs dashboard --port 3100\n  $ ssh -L 3100:127.0.0.1:3100 server   # from your machine, then open http://127.0.0.1:3100/',
    )
    .action(async (opts: { port: number }) => {
      const e = env();
      const dashboard = await startJobsDashboard(e.runtime(), opts.port);
      e.output.result({ url: dashboard.url }, () =>
        e.output.err(`Jobs dashboard on ${dashboard.url} (Ctrl-C to stop)`),
      );
      await waitForSignal();
      await dashboard.close();
    });
}
