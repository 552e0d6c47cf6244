/**
 * Runs the CLI program in this process (runCli from cli/program.ts) against the test database:
 * same commands and exit codes as the binary, without the ~1 s start of a child process. Output is
 * captured (no TTY, so no colour); `stdin` is a stream the test writes keys to, which makes the
 * program interactive (prompts are answered through it, drawn on the captured stderr).
 */
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../../cli/program.ts';
import { testDeps } from './env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CliResult } from './cli.ts';

class Capture extends Writable {
  text = '';
  private watchers: (() => void)[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    for (const l of this.watchers) l();
    cb();
  }
  /** inquirer ends its output when a prompt closes; process.stderr ignores that, and so does this capture. */
  override end(): this {
    return this;
  }
  /** Resolves once the captured text matches (prompts are answered after they are drawn). */
  waitFor(pattern: RegExp, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (pattern.test(this.text)) {
          this.watchers = this.watchers.filter((l) => l !== check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${pattern} in:\n${this.text}`)),
        timeoutMs,
      );
      this.watchers.push(check);
      check();
    });
  }
}

export interface InProcessRun {
  stdin: PassThrough;
  stderr: Capture;
  done: Promise<CliResult>;
}

export function startInProcess(args: string[], opts: { clock?: Clock } = {}): InProcessRun {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  const deps = testDeps({ clock: opts.clock });
  const runtime = () => ({ ...deps, close: async () => undefined });
  const done = runCli(['node', 'recrutement', ...args], { stdin, stdout, stderr, runtime }).then((code) => ({
    code,
    stdout: stdout.text,
    stderr: stderr.text,
  }));
  return { stdin, stderr, done };
}

/** Runs a command that needs no keyboard (the input is closed at once). */
export function runInProcess(args: string[], opts: { clock?: Clock } = {}): Promise<CliResult> {
  const run = startInProcess(args, opts);
  run.stdin.end();
  return run.done;
}
