/**
 * Choosing one item from a list in the terminal (inquirer `select`, arrows and Enter). Every pick
 * has an argument that replaces it (e.g. `recruiters approve <id>`): without a terminal, or under
 * --json, the command refuses with that hint instead of waiting for keys that never come.
 * Choices carry data (names, emails): inquirer draws them as they are, so they are cleaned first.
 */
import { promptModule } from './prompt.ts';
import { terminalText } from './terminal-text.ts';
import { UsageError, type CommandEnv } from '../command-env.ts';

export interface PickChoice<T> {
  name: string;
  value: T;
  description?: string;
}

export async function pick<T>(
  e: CommandEnv,
  message: string,
  choices: PickChoice<T>[],
  withoutTerminal: string,
): Promise<T> {
  if (!e.output.interactive) throw new UsageError(withoutTerminal);
  const shown = choices.map((c) => ({
    ...c,
    name: terminalText(c.name),
    ...(c.description === undefined ? {} : { description: terminalText(c.description) }),
  }));
  const { picked } = await promptModule(e)<{ picked: T }>([
    {
      type: 'select',
      name: 'picked',
      message: terminalText(message),
      choices: shown,
      pageSize: 15,
      loop: false,
    },
  ]);
  return picked as T;
}

/** A masked text answer (passwords), refused without a terminal with the given hint. */
export async function askSecret(e: CommandEnv, message: string, withoutTerminal: string): Promise<string> {
  if (!e.output.interactive) throw new UsageError(withoutTerminal);
  const { secret } = await promptModule(e)<{ secret: string }>([
    { type: 'password', name: 'secret', message: terminalText(message), mask: '*' },
  ]);
  return secret;
}
