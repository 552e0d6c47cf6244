/** Every command of the CLI (api-contract.md section 14), one file per group. */
import type { Command } from 'commander';
import type { CommandEnv } from '../program.ts';
import { registerDbCommands } from './db.command.ts';
import { registerProcessCommands } from './process.command.ts';
import { registerJobsCommands } from './jobs.command.ts';

export type EnvFactory = () => CommandEnv;

export function registerCommands(program: Command, env: EnvFactory): void {
  registerDbCommands(program, env);
  registerProcessCommands(program, env);
  registerJobsCommands(program, env);
}
