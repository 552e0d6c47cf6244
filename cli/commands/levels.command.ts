/** `recrutement levels list | add`: experience levels through the same use cases as /admin/reference/experience-levels. */
import type { Command } from 'commander';
import { nonBlank, nonNegativeInt } from '../ui/arguments.ts';
import type { EnvFactory } from '../command-env.ts';

export function registerLevelsCommands(program: Command, env: EnvFactory): void {
  const levels = program
    .command('levels')
    .description('experience levels (reference data of candidate profiles)');

  levels
    .command('list')
    .description('every experience level, in display order')
    .addHelpText('after', '\nExample:\n  $ recrutement levels list')
    .action(async () => {
      const e = env();
      const { listExperienceLevels } = await import('../../domain/reference/read-reference.ts');
      const list = await listExperienceLevels(e.ctx());
      e.output.result(list, () =>
        e.output.table(
          ['id', 'nom', 'ordre'],
          list.map((l) => [l.id, l.nom, l.ordre]),
        ),
      );
    });

  levels
    .command('add')
    .description('create an experience level (names are unique, ignoring case and accents)')
    .requiredOption('--nom <nom>', 'name', nonBlank)
    .requiredOption('--ordre <n>', 'display position (integer >= 0, smallest first)', nonNegativeInt)
    .addHelpText('after', '\nExample:\n  $ recrutement levels add --nom "Expert (15 ans et plus)" --ordre 60')
    .action(async (opts: { nom: string; ordre: number }) => {
      const e = env();
      const { createExperienceLevel } = await import('../../domain/reference/create-experience-level.ts');
      const level = await createExperienceLevel(e.ctx(), { nom: opts.nom, ordre: opts.ordre });
      e.output.result(level, () =>
        e.output.out(
          e.output.color.green(`Created level #${level.id} "${level.nom}" (ordre ${level.ordre})`),
        ),
      );
    });
}
