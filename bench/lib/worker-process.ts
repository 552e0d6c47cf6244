/**
 * `recrutement worker` as its own process for a bench, so each worker gets its own event loop as
 * in a deployment. `--profile <dir>` on the bench's command line runs it under `node --cpu-prof`,
 * writing a .cpuprofile into that folder at exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/recrutement.js', import.meta.url));

export interface WorkerChild {
  stop(): Promise<void>;
}

export async function startWorkerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: { profileDir?: string } = {},
): Promise<WorkerChild> {
  const profile = opts.profileDir ? ['--cpu-prof', '--cpu-prof-dir', opts.profileDir] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, BIN, 'worker'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes('Job runner started')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`worker exited (${code}) before starting: ${seen.slice(-500)}`)),
    );
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
