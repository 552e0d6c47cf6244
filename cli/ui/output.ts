/**
 * How the CLI talks: colour through chalk (none when stdout is not a terminal or NO_COLOR is set),
 * `--json` for scripts, errors in red on stderr. Commands get an Output so tests can capture it.
 * Everything written is cleaned of escape sequences, control and bidi characters
 * (terminal-text.ts), so data cannot act on the terminal. The CLI's own colours survive because
 * they are applied after cleaning: a colour function cleans its text, then colours it, and a line
 * that is exactly such a coloured string is written as it is; any other line is cleaned whole
 * (a colour mixed into a longer line is dropped, never trusted).
 */
import { Chalk } from 'chalk';
import Table from 'cli-table3';
import { terminalText } from './terminal-text.ts';

/** The colours the CLI uses: each cleans its text first (terminal-text.ts), then colours it. */
export interface Colours {
  level: number;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  bold(text: string): string;
}

export interface Output {
  json: boolean;
  color: Colours;
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
  const chalk = new Chalk({ level: tty && !opts.json ? 1 : 0 });
  const coloured = new Set<string>();
  const paint = (style: (text: string) => string) => (text: string) => {
    const painted = style(terminalText(text));
    coloured.add(painted);
    return painted;
  };
  const color: Colours = {
    level: chalk.level,
    green: paint(chalk.green),
    red: paint(chalk.red),
    yellow: paint(chalk.yellow),
    bold: paint(chalk.bold),
  };
  const clean = (text: string) => (coloured.has(text) ? text : terminalText(text));
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
      // Cells are cleaned one by one, so the table's own bold headings can stay.
      const t = new Table({ head: head.map((h) => color.bold(h)), style: { head: [], border: [] } });
      for (const r of rows)
        t.push(r.map((c) => (c === null || c === undefined ? '' : terminalText(String(c)))));
      stdout.write(`${t.toString()}\n`);
    },
  };
}
