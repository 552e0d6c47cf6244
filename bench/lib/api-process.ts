/**
 * The API as its own process for a bench (`recrutement serve` on a free port), so the load
 * generator and the API do not share one event loop and each gets a core, as in a deployment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/recrutement.js', import.meta.url));

/** The JWT secret of the bench's API process, for benches that issue their own tokens. */
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

export interface ApiChild {
  url: string;
  /** The process id, to read its CPU time. */
  pid: number;
  stop(): Promise<void>;
}

export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ApiChild> {
  // BENCH_API_PROFILE_DIR=dir: the API process writes a CPU profile there when it stops.
  const dir = process.env.BENCH_API_PROFILE_DIR;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  // BENCH_API_NODE_FLAGS='--max-semi-space-size=32': Node and V8 flags of the API process, to compare.
  const flags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...profile, ...flags, BIN, 'serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      JWT_SECRET: BENCH_JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const m = /API listening on (http:\/\/\S+)/.exec(seen);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`API exited (${code}) before listening: ${seen.slice(-500)}`)),
    );
  });
  // Ready once its search index is built.
  while ((await fetch(`${url}/ready`)).status !== 200) await new Promise((r) => setTimeout(r, 100));
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
