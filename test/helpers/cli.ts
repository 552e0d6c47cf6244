/** Runs the real `recrutement` binary as a child process against a test database. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_PASSWORD_HASH_COST, testEnv } from './env.ts';

export const BIN = fileURLToPath(new URL('../../bin/recrutement.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runBinary(
  args: string[],
  opts: { env?: Record<string, string>; input?: string; databaseUrl?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  const e = testEnv();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'test',
        NO_COLOR: '1',
        DATABASE_URL: opts.databaseUrl ?? e.databaseUrl,
        JWT_SECRET: e.config.jwtSecret,
        UPLOAD_DIR: e.config.uploadDir,
        MAIL_DIR: e.config.mailDir,
        LOG_LEVEL: 'silent',
        RECRUTEMENT_FROM_SOURCE: '1',
        ...TEST_PASSWORD_HASH_COST,
        ...opts.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

export function parseJson<T = unknown>(r: CliResult): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`not JSON (exit ${r.code}): ${r.stdout}\nstderr: ${r.stderr}`);
  }
}
