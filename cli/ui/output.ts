/**
 * How the CLI talks: colour through chalk (none when stdout is not a terminal or NO_COLOR is set),
 * `--json` for scripts, errors in red on stderr. Commands get an Output so tests can capture it.
 * Text is stripped of control characters before it reaches the terminal (terminal-text.ts).
 */
import { Chalk, type ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { terminalText } from './terminal-text.ts';

export interface Output {
  json: boolean;
  color: ChalkInstance;
  out(text: string): void;
  err(text: string): void;
  /** Prints `data` as JSON under --json, else calls `human`. */
  result(data: unknown, human: () => void): void;
  table(head: string[], rows: (string | number | null | undefined)[][]): void;
  interactive: boolean;
}

export function createOutput(opts: {
  json: boolean;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  interactive?: boolean;
}): Output {
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  const tty = Boolean((stdout as NodeJS.WriteStream).isTTY) && !process.env.NO_COLOR;
  const color = new Chalk({ level: tty && !opts.json ? 1 : 0 });
  const clean = (text: string) => terminalText(text, color.level > 0);
  return {
    json: opts.json,
    color,
    interactive: opts.interactive ?? (Boolean(process.stdin.isTTY) && !opts.json),
    out: (text) => void stdout.write(`${clean(text)}\n`),
    err: (text) => void stderr.write(`${clean(text)}\n`),
    result(data, human) {
      if (opts.json) stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      else human();
    },
    table(head, rows) {
      const t = new Table({ head: head.map((h) => color.bold(h)), style: { head: [], border: [] } });
      for (const r of rows) t.push(r.map((c) => (c === null || c === undefined ? '' : String(c))));
      stdout.write(`${clean(t.toString())}\n`);
    },
  };
}
