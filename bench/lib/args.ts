/** Command-line options of the bench scripts: `--name <number>` and bare `--flag`. */

/** The number after `--name` on the command line, else `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Whether `--name` is on the command line. */
export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}

/** The text after `--name` on the command line, else undefined. */
export function stringArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
