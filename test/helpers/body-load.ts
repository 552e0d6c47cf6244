/**
 * Load from another process: a child that POSTs the given bodies in a loop, each on its own
 * connection, until stopped. The server under test keeps its event loop to itself, so what a
 * latency measured meanwhile shows is the server's own work, not the load generator's.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';

const SCRIPT = `
const http = require('node:http');
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const { port, path, bodies } = JSON.parse(input);
  for (const body of bodies) loop(port, path, body);
});
const counts = {};
let ready = false;
function count(key) {
  counts[key] = (counts[key] || 0) + 1;
  if (!ready) { ready = true; process.stdout.write('ready\\n'); }
}
function loop(port, path, body) {
  let done = false;
  const next = (key) => { if (done) return; done = true; count(key); setImmediate(() => loop(port, path, body)); };
  const req = http.request({
    host: '127.0.0.1', port, path, method: 'POST', agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' },
  }, (res) => { res.resume(); res.on('end', () => next(res.statusCode)); res.on('error', () => next('error')); });
  // A server that answers 413 may close before reading all of a big body: the write then fails.
  req.on('error', () => setTimeout(() => next('error'), 50));
  req.end(body);
}
process.on('SIGTERM', () => process.stdout.write(JSON.stringify(counts) + '\\n', () => process.exit(0)));
`;

export interface BodyLoad {
  /** Stops the child; resolves with how many answers of each status (or 'error') it got. */
  stop(): Promise<Record<string, number>>;
}

export async function startBodyLoad(port: number, path: string, bodies: string[]): Promise<BodyLoad> {
  const child = spawn(process.execPath, ['-e', SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
  // Lowest priority: on a busy machine the generator must not take the server's share of the CPU.
  if (child.pid) os.setPriority(child.pid, 19);
  // The bodies go through stdin: a 900 KB body does not fit in an argument or the environment.
  child.stdin.end(JSON.stringify({ port, path, bodies }));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  // Ready once the first answer came back: the loops are running.
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('ready\n') && resolve());
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(JSON.parse(out.split('\n')[1] ?? '{}') as Record<string, number>));
        child.kill('SIGTERM');
      }),
  };
}
