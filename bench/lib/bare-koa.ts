/**
 * Starts bench/lib/bare-koa-server.ts in its own process with the answers the API gave for each
 * path, so a bench can print the request path's limit next to the API's figure: same bytes, same
 * client, same number of processes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./bare-koa-server.ts', import.meta.url));

export interface BareKoa {
  url: string;
  stop(): Promise<void>;
}

/** Fetches each path once from `apiUrl` (with `headers`) and starts a bare Koa serving those bytes. */
export async function startBareKoa(
  apiUrl: string,
  paths: string[],
  headers: () => Record<string, string> = () => ({}),
): Promise<BareKoa> {
  const answers: Record<string, { type: string; body: string }> = {};
  for (const p of paths) {
    const res = await fetch(`${apiUrl}${p}`, { headers: headers() });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
    answers[p] = {
      type: res.headers.get('content-type') ?? 'application/json',
      body: Buffer.from(await res.arrayBuffer()).toString('base64'),
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bare-koa-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  // BENCH_KOA_PROFILE_DIR=dir: bare Koa writes a CPU profile there when it stops, to compare with the API's.
  const profileDir = process.env.BENCH_KOA_PROFILE_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', SERVER, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const m = /bare koa listening on (http:\/\/\S+)/.exec(seen);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare koa exited (${code}): ${seen}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
