/**
 * `recrutement cache rebuild`: every API instance drops its cached reference answers (regions,
 * cities, neighbourhoods, sectors, levels, blog categories) and reloads them from the database
 * within a second. Token lookups need no command: none is kept longer than 1 s.
 */
import type { Command } from 'commander';
import type { EnvFactory } from '../command-env.ts';

export function registerCacheCommands(program: Command, env: EnvFactory): void {
  program
    .command('cache')
    .description('the in-memory caches of the API instances')
    .command('rebuild')
    .description('make every API instance reload its reference data from the database')
    .addHelpText('after', '\nExample:\n  $ recrutement cache rebuild')
    .action(async () => {
      const e = env();
      const { requestReferenceRebuild } = await import('../../domain/reference/reference-versions.ts');
      const versions = Object.fromEntries(await requestReferenceRebuild(e.ctx()));
      e.output.result({ versions, requested: true }, () =>
        e.output.out(
          e.output.color.green(
            `Reference data versions moved (${Object.entries(versions)
              .map(([kind, v]) => `${kind} ${v}`)
              .join(', ')}): every API instance reloads within a second`,
          ),
        ),
      );
    });
}
