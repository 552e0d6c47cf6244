/**
 * Progress of a long operation on stderr (stdout stays for the result and --json). On a terminal:
 * a cli-progress bar redrawn in place. Without one (logs, CI, pipes): a plain line at most every
 * 10 % and at the end, so a log file does not get thousands of lines. Under --json: nothing.
 */
import cliProgress from 'cli-progress';
import type { CommandEnv } from '../command-env.ts';
import { terminalText } from './terminal-text.ts';

export interface Progress {
  /** `done` of `total` units; total may be learned late (0 = unknown yet). */
  update(done: number, total: number): void;
  stop(): void;
}

export function createProgress(e: CommandEnv, label: string, unit = 'rows'): Progress {
  if (e.output.json) return { update: () => undefined, stop: () => undefined };
  const stream = e.stderr as NodeJS.WriteStream;
  if (stream.isTTY) return barProgress(stream, label, unit);
  return lineProgress(e, label, unit);
}

function barProgress(stream: NodeJS.WriteStream, label: string, unit: string): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      // The label may hold a file name: cleaned like any other terminal text.
      format: `${terminalText(label)} [{bar}] {percentage}% | {value}/{total} ${unit} | {duration_formatted}`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(Math.max(total, done), done);
        started = true;
        return;
      }
      if (total > 0) bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function lineProgress(e: CommandEnv, label: string, unit: string): Progress {
  let lastDecile = -1;
  let last: { done: number; total: number } | null = null;
  let printed = '';
  const print = (done: number, total: number) => {
    const line =
      total > 0
        ? `${label}: ${done}/${total} ${unit} (${Math.floor((done / total) * 100)}%)`
        : `${label}: ${done} ${unit}`;
    if (line !== printed) e.output.err(line);
    printed = line;
  };
  return {
    update(done, total) {
      last = { done, total };
      const decile = total > 0 ? Math.floor((done / total) * 10) : -1;
      if (decile > lastDecile) {
        lastDecile = decile;
        print(done, total);
      }
    },
    stop() {
      if (last) print(last.done, last.total);
    },
  };
}
