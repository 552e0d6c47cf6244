/**
 * What every command receives, and the error a command throws for bad usage. Apart from
 * program.ts so that commands and UI helpers depend on it, not on the program that registers them.
 */
import type { Ctx } from '../domain/context.ts';
import type { Runtime } from '../lib/runtime.ts';
import type { Output } from './ui/output.ts';

/** What a command action gets: output, the runtime (built on first use) and a domain context. */
export interface CommandEnv {
  output: Output;
  runtime(): Runtime;
  ctx(): Ctx;
  yes: boolean;
  stdin: NodeJS.ReadableStream;
  /** Where prompts and progress bars draw (stdout stays clean for --json and pipes). */
  stderr: NodeJS.WritableStream;
}

/** Wrong flags or arguments: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

/** Builds a command's environment when its action runs (each command registers with one). */
export type EnvFactory = () => CommandEnv;
