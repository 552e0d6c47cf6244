/**
 * Real `recrutement serve` and `recrutement worker` child processes on the test database, for the
 * tests that need several processes (test/scale, test/faults). Each child listens or works like in
 * production; an API child listens on PORT=0 and its address is read from its start line on stderr.
 *
 * Every child started here is remembered: `stopAllProcesses()` (call it in an `after` hook) stops
 * the ones still running, and a last-resort `exit` handler SIGKILLs any left, so a failed test
 * never leaves a process behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './cli.ts';
import { TEST_PASSWORD_HASH_COST, testDb, testDeps, testEnv } from './env.ts';
import { buildAgenda } from '../../jobs/agenda.ts';
import type { JobName } from '../../jobs/names.ts';

// Generous: a loaded 2-core machine can take a minute to start a process that compiles TypeScript.
const STARTUP_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;

export class ChildHandle {
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;
  private exitCode: number | null | undefined = undefined;
  private watchers: (() => void)[] = [];

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (d: Buffer) => this.append('stdout', d));
    child.stderr?.on('data', (d: Buffer) => this.append('stderr', d));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitCode = code ?? (signal ? null : -1);
        this.notify();
        resolve(this.exitCode);
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exitCode === undefined;
  }

  private append(stream: 'stdout' | 'stderr', d: Buffer): void {
    this[stream] += d.toString();
    this.notify();
  }

  private notify(): void {
    for (const w of [...this.watchers]) w();
  }

  /** Resolves with the first match of `pattern` in stderr (start lines are written there). */
  waitForStderr(pattern: RegExp, timeoutMs = STARTUP_TIMEOUT_MS): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(this.stderr);
        if (m) {
          done();
          resolve(m);
        } else if (!this.running) {
          done();
          reject(
            new Error(
              `${this.name} exited (${this.exitCode}) before ${pattern}:\n${this.stderr}\n${this.stdout}`,
            ),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`${this.name}: no ${pattern} after ${timeoutMs} ms:\n${this.stderr}\n${this.stdout}`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.watchers = this.watchers.filter((w) => w !== check);
      };
      this.watchers.push(check);
      check();
    });
  }

  /** SIGKILL: the process dies at once, in the middle of whatever it was doing. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (graceful: the worker drains, the API finishes its requests), SIGKILL after a grace period. */
  async stop(graceMs = STOP_GRACE_MS): Promise<number | null> {
    if (!this.running) return this.exitCode ?? null;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

export class ApiProcess extends ChildHandle {
  url = '';
}

const started = new Set<ChildHandle>();

process.once('exit', () => {
  for (const h of started) if (h.running) h.child.kill('SIGKILL');
});

/** The environment of a child: the test run's database, secret, folders, quiet logs. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const e = testEnv();
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'test',
    NO_COLOR: '1',
    RECRUTEMENT_FROM_SOURCE: '1',
    ...TEST_PASSWORD_HASH_COST,
    DATABASE_URL: e.databaseUrl,
    JWT_SECRET: e.config.jwtSecret,
    UPLOAD_DIR: e.config.uploadDir,
    MAIL_DIR: e.config.mailDir,
    PUBLIC_URL: e.config.publicUrl,
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

function spawnCli<T extends ChildHandle>(
  Kind: new (name: string, child: ChildProcess) => T,
  name: string,
  args: string[],
  env: Record<string, string>,
): T {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const handle = new Kind(name, child);
  started.add(handle);
  return handle;
}

/** `recrutement serve` on a free port; resolves once it listens, with its base URL. */
export async function startApiProcess(name: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const api = spawnCli(ApiProcess, name, ['serve'], { HOST: '127.0.0.1', PORT: '0', ...env });
  const [, url] = await api.waitForStderr(/API listening on (http:\/\/\S+)/);
  api.url = url;
  return api;
}

/** `recrutement worker`; resolves once Agenda runs (the recurring jobs are scheduled). */
export async function startWorkerProcess(
  name: string,
  env: Record<string, string> = {},
): Promise<ChildHandle> {
  const worker = spawnCli(ChildHandle, name, ['worker'], env);
  await worker.waitForStderr(/Job runner started/);
  return worker;
}

/** Any other long-running command (e.g. `jobs dashboard`); `ready` is the line that says it is up. */
export async function startCliProcess(
  name: string,
  args: string[],
  ready: RegExp,
  env: Record<string, string> = {},
): Promise<{ handle: ChildHandle; match: RegExpMatchArray }> {
  const handle = spawnCli(ChildHandle, name, args, env);
  const match = await handle.waitForStderr(ready);
  return { handle, match };
}

/** Stops every child still running (gracefully, then SIGKILL); for `after` hooks. */
export async function stopAllProcesses(): Promise<void> {
  const running = [...started];
  started.clear();
  await Promise.all(running.map((h) => h.stop()));
}

/** Polls `check` until it returns a truthy value (returned), or fails after `timeoutMs` saying what it waited for. */
export async function pollUntil<T>(
  check: () => Promise<T> | T,
  what: string,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Queues a one-off run of a job, as `agenda.now()` from any process would; a worker picks it up within its poll interval. */
export async function queueJobNow(name: JobName, data: Record<string, unknown> = {}): Promise<void> {
  const agenda = await buildAgenda(testDeps(), { specs: [], name: 'test-queue' });
  try {
    await agenda.ready;
    await agenda.now(name, data);
  } finally {
    await agenda.stop();
  }
}

/**
 * The jobs table as a file found it: call `markJobs()` in `before` and `restoreJobs()` in `after`
 * to delete the rows the workers of the file created (their recurring jobs, one-off runs).
 */
export function agendaJobsMark(): { markJobs(): Promise<void>; restoreJobs(): Promise<void> } {
  let firstId = Number.MAX_SAFE_INTEGER;
  return {
    async markJobs() {
      const last = (await testDb()('agenda_jobs').max({ id: 'id' }).first()) as {
        id: number | string | null;
      };
      firstId = Number(last.id ?? 0) + 1;
    },
    async restoreJobs() {
      await testDb()('agenda_jobs').where('id', '>=', firstId).delete();
    },
  };
}
