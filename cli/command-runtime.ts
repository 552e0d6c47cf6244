/**
 * How a command's runtime is built, by what the command is:
 * - servers and workers (`serve`, `worker`, `start`, `jobs dashboard`) log to stdout at LOG_LEVEL
 *   (info by default), like any service; `start` in a terminal in readable lines (pino-pretty);
 * - every other command answers on stdout (a table, or JSON under --json), so its logs go to
 *   stderr, at LOG_LEVEL when it is set, else errors only, and nothing under --json (an operator
 *   sees the answer, not the queries behind it; a script reads one JSON answer or error).
 * Commands that write links (emails, file URLs) and are not the API take the API's recorded
 * public URL (lib/public-url.ts); those that create or serve the database do not read it.
 */
import type { Command } from 'commander';
import type { RuntimeOptions, Runtime } from '../lib/runtime.ts';
import type { Config } from '../lib/config.ts';

const LONG_RUNNING = new Set(['serve', 'worker', 'start', 'jobs dashboard']);
/**
 * Long-running commands that check the schema before anything else: the API would otherwise say it
 * listens on a database it cannot use, and the pool log its retries of a missing database.
 */
const NEEDS_CURRENT_SCHEMA = new Set(['serve', 'worker', 'jobs dashboard']);
/** Commands that run before the schema exists, that are the API, or that touch no database. */
const OWN_PUBLIC_URL = new Set(['serve', 'start', 'db migrate', 'db reset', 'db seed', 'completion']);

export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

export function runtimeOptions(
  path: string,
  config: Config,
  env: Record<string, string | undefined>,
  flags: { pretty: boolean; json: boolean; terminal: boolean },
): RuntimeOptions {
  // `start` in a terminal is someone trying the project: log lines for a human between its own
  // lines, unless LOG_FORMAT says otherwise. Services keep JSON for their log collectors.
  const readable = path === 'start' && flags.terminal && !env.LOG_FORMAT;
  const format = flags.pretty || readable ? 'pretty' : config.logFormat;
  if (LONG_RUNNING.has(path)) return { fd: 1, logFormat: format };
  // Unset LOG_LEVEL: errors only, none under --json (whose stderr is its one JSON error, if any).
  const quiet = flags.json ? 'silent' : 'error';
  return { fd: 2, logFormat: format, logLevel: env.LOG_LEVEL ? config.logLevel : quiet };
}

/** Throws SchemaBehindError (or the driver's error) when this command needs a schema the database does not hold. */
export async function requireSchemaFor(path: string, rt: Runtime): Promise<void> {
  if (!NEEDS_CURRENT_SCHEMA.has(path)) return;
  const { requireCurrentSchema } = await import('../lib/schema-check.ts');
  await requireCurrentSchema(rt.config.databaseUrl);
}

/** Fills the runtime's public URL from the one the API recorded, when this command needs it. */
export async function adoptApiPublicUrl(path: string, rt: Runtime): Promise<void> {
  if (OWN_PUBLIC_URL.has(path) || rt.config.publicUrlSet) return;
  const { withApiPublicUrl } = await import('../lib/public-url.ts');
  try {
    rt.config = await withApiPublicUrl(rt.db, rt.config);
  } catch (err) {
    // Before `db migrate` there is no table to read: the command meets its own error, if any.
    const code = (err as { code?: unknown }).code;
    if (code !== 'ER_NO_SUCH_TABLE' && code !== 'ER_BAD_DB_ERROR') throw err;
  }
}
