/**
 * createProgram(io): the commander program with every command; runCli: parse, run, and map the
 * outcome to an exit code (0 success, 1 failed operation, 2 bad usage). One top-level handler
 * prints errors in red on stderr, with a stack trace only under --verbose.
 */
import os from 'node:os';
import { Command, CommanderError } from 'commander';
import { createOutput, type Output } from './ui/output.ts';
import type { Runtime } from '../lib/runtime.ts';
import { ConfigError, loadConfig, type Config } from '../lib/config.ts';
import { DomainError, InputError, ValidationError } from '../domain/errors.ts';
import { createContext } from '../domain/context.ts';
import { registerCommands } from './commands/index.ts';
import { UsageError, type CommandEnv } from './command-env.ts';
import { adoptApiPublicUrl, commandPath, requireSchemaFor, runtimeOptions } from './command-runtime.ts';
import { databaseProblem } from './database-problem.ts';
import { packageVersion } from './version.ts';

export interface CliIo {
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream;
  /** Tests pass a runtime bound to their database. */
  runtime?: () => Runtime;
}

export function createProgram(io: CliIo = {}): {
  program: Command;
  env: () => CommandEnv;
  close(): Promise<void>;
  /** The configuration of the command's runtime, once built. */
  config(): Config | null;
} {
  const program = new Command('recrutement');
  let runtime: Runtime | null = null;
  let output: Output | null = null;
  // Set before each action (preAction): the runtime module (knex, storage, ... loaded only when a
  // command runs, so --help stays fast) and the command's path, which decides where logs go.
  let runtimeModule: typeof import('../lib/runtime.ts') | null = null;
  let running = '';
  const getRuntime = () => {
    if (runtime) return runtime;
    if (io.runtime) return (runtime = io.runtime());
    if (!runtimeModule) throw new Error('the runtime is built once a command runs');
    const config = loadConfig();
    const g = program.opts<{ pretty?: boolean; json?: boolean }>();
    const flags = {
      pretty: Boolean(g.pretty),
      json: Boolean(g.json),
      terminal: Boolean(process.stdout.isTTY),
    };
    return (runtime = runtimeModule.createRuntime(
      config,
      runtimeOptions(running, config, process.env, flags),
    ));
  };
  const env = (): CommandEnv => {
    const g = program.opts<{ json?: boolean; yes?: boolean }>();
    output ??= createOutput({
      json: Boolean(g.json),
      stdout: io.stdout,
      stderr: io.stderr,
      interactive: io.stdin ? !g.json : undefined,
    });
    return {
      output,
      runtime: getRuntime,
      yes: Boolean(g.yes),
      stdin: io.stdin ?? process.stdin,
      stderr: io.stderr ?? process.stderr,
      ctx: () => createContext(getRuntime(), { type: 'system', id: `cli:${os.userInfo().username}` }),
    };
  };
  program
    .description(
      'Operator command line of the recrutement platform (same configuration as the API: DATABASE_URL, ...)',
    )
    .option('--json', 'machine-readable JSON output')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--verbose', 'print stack traces of errors')
    .option('--pretty', 'human-readable log lines (pino-pretty) instead of JSON; also LOG_FORMAT=pretty')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void (io.stdout ?? process.stdout).write(s),
      writeErr: (s) => void (io.stderr ?? process.stderr).write(s),
    });
  registerCommands(program, env);
  for (const cmd of allCommands(program)) cmd.exitOverride();
  program.hook('preAction', async (_program, action) => {
    running = commandPath(action);
    if (!io.runtime) runtimeModule ??= await import('../lib/runtime.ts');
    await requireSchemaFor(running, getRuntime());
    await adoptApiPublicUrl(running, getRuntime());
  });
  return {
    program,
    env,
    close: async () => void (await runtime?.close()),
    config: () => runtime?.config ?? null,
  };
}

function allCommands(cmd: Command): Command[] {
  return cmd.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** Whether --json is among the arguments (before a `--` that ends the options). */
function jsonRequested(argv: string[]): boolean {
  const args = argv.slice(2);
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes('--json');
}

/**
 * `instanceof`, also across two copies of the errors module: commands import their use cases
 * when they run, and a test process that loaded this program as CommonJS gets those from the ESM
 * loader, with their own copy of domain/errors.ts. Its classes have the same names.
 */
function isA<T extends abstract new (...args: never[]) => Error>(
  err: unknown,
  cls: T,
): err is InstanceType<T> {
  if (err instanceof cls) return true;
  for (let p = err instanceof Error ? Object.getPrototypeOf(err) : null; p; p = Object.getPrototypeOf(p))
    if ((p as { constructor?: { name?: string } }).constructor?.name === cls.name) return true;
  return false;
}

function exitCodeOf(err: unknown): number {
  if (err instanceof CommanderError) {
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.help' ||
      err.code === 'commander.version'
    )
      return 0;
    return 2;
  }
  if (err instanceof UsageError || err instanceof ConfigError || isA(err, ValidationError)) return 2;
  return 1;
}

export async function runCli(argv: string[], io: CliIo = {}): Promise<number> {
  const { program, env, close, config } = createProgram(io);
  // Commander reports a parse error (unknown option, missing argument) before any option is set, so
  // --json is read from argv here: under it, commander stays silent and the error is printed as JSON.
  const json = jsonRequested(argv);
  if (json)
    for (const c of [program, ...allCommands(program)])
      c.showHelpAfterError(false).configureOutput({ outputError: () => {} });
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (err) {
    const code = exitCodeOf(err);
    if (!(err instanceof CommanderError))
      await report(err, env(), Boolean(program.opts().verbose), config()?.databaseUrl ?? null);
    else if (json && code !== 0) {
      const message = err.message.replace(/^error:\s*/i, '');
      (io.stderr ?? process.stderr).write(`${JSON.stringify({ error: { code: 'USAGE_ERROR', message } })}\n`);
    }
    return code;
  } finally {
    await close();
  }
}

async function report(
  err: unknown,
  e: CommandEnv,
  verbose: boolean,
  databaseUrl: string | null,
): Promise<void> {
  const { output } = e;
  const red = output.color.red;
  const problem = databaseProblem(err, databaseUrl);
  if (problem) {
    // One line, no stack even under --verbose: the driver's trace says nothing an operator can act on.
    if (output.json) output.err(JSON.stringify({ error: problem }));
    else output.err(red(`Error: ${problem.message}`));
    return;
  }
  if (isA(err, InputError)) {
    // Named and worded for the operator, with `fields` as the API gives them under --json. Loaded
    // here: the wording lives with the API's, which --help must not load.
    const { inputDetails, inputFields } = await import('./input-problems.ts');
    const error = {
      code: err.code,
      message: err.message,
      details: inputDetails(err),
      fields: inputFields(err),
    };
    if (output.json) output.err(JSON.stringify({ error }));
    else output.err(red(`Error ${err.code}: ${err.message} (${error.details})`));
  } else if (isA(err, DomainError)) {
    if (output.json)
      output.err(JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } }));
    else output.err(red(`Error ${err.code}: ${err.message}${err.details ? ` (${err.details})` : ''}`));
  } else {
    const message = err instanceof Error ? err.message : String(err);
    const code = err instanceof UsageError || err instanceof ConfigError ? 'USAGE_ERROR' : 'ERROR';
    if (output.json) output.err(JSON.stringify({ error: { code, message } }));
    else output.err(red(`Error: ${message}`));
  }
  if (verbose && err instanceof Error && err.stack) output.err(err.stack);
}
