/**
 * Confirmation before anything destructive (inquirer), skipped with --yes. Without a terminal
 * (scripts, CI) and without --yes, the command refuses rather than hang on a prompt. The question
 * may quote data (a reason, a name): it is cleaned like any other terminal text.
 */
import { promptModule } from './prompt.ts';
import { terminalText } from './terminal-text.ts';
import type { CommandEnv } from '../command-env.ts';
import { UsageError } from '../command-env.ts';

export class Cancelled extends Error {
  constructor() {
    super('Cancelled by the operator');
  }
}

export async function confirm(e: CommandEnv, question: string): Promise<void> {
  if (e.yes) return;
  if (!e.output.interactive)
    throw new UsageError('Refusing a destructive action without a terminal: add --yes');
  const { ok } = await promptModule(e)<{ ok: boolean }>([
    { type: 'confirm', name: 'ok', message: terminalText(question), default: false },
  ]);
  if (!ok) throw new Cancelled();
}
