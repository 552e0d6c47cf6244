/**
 * Choosing one item from a list in the terminal (inquirer `select`, arrows and Enter). Every pick
 * has an argument that replaces it (e.g. `recruiters approve <id>`): without a terminal, or under
 * --json, the command refuses with that hint instead of waiting for keys that never come.
 */
import { promptModule } from './prompt.ts';
import { UsageError, type CommandEnv } from '../program.ts';

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
  const { picked } = await promptModule(e)<{ picked: T }>([
    { type: 'select', name: 'picked', message, choices, pageSize: 15, loop: false },
  ]);
  return picked as T;
}

/** A masked text answer (passwords), refused without a terminal with the given hint. */
export async function askSecret(e: CommandEnv, message: string, withoutTerminal: string): Promise<string> {
  if (!e.output.interactive) throw new UsageError(withoutTerminal);
  const { secret } = await promptModule(e)<{ secret: string }>([
    { type: 'password', name: 'secret', message, mask: '*' },
  ]);
  return secret;
}
