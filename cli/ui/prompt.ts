/** inquirer prompts bound to the command's streams (tests answer them through a stream). */
import inquirer from 'inquirer';
import type { CommandEnv } from '../program.ts';

export function promptModule(e: CommandEnv) {
  return inquirer.createPromptModule({
    input: e.stdin as NodeJS.ReadStream,
    output: e.stderr as NodeJS.WriteStream,
  });
}
