/**
 * inquirer prompts bound to the command's streams (tests answer them through a stream). inquirer
 * is loaded on the first question, not with the program, so `--help` and the commands that ask
 * nothing never pay for it.
 */
import type inquirerModule from 'inquirer';
import type { CommandEnv } from '../command-env.ts';

type PromptModule = ReturnType<typeof inquirerModule.createPromptModule>;

export function promptModule(e: CommandEnv): PromptModule {
  const ask = async (...args: Parameters<PromptModule>) => {
    const { default: inquirer } = await import('inquirer');
    const prompt = inquirer.createPromptModule({
      input: e.stdin as NodeJS.ReadStream,
      output: e.stderr as NodeJS.WriteStream,
    });
    return prompt(...args);
  };
  // Callers only call and await it, which the lazy function answers the same way.
  return ask as unknown as PromptModule;
}
