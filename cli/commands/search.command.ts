/**
 * `recrutement synonyms list | add <term...> | delete <id>` and `recrutement search reindex`:
 * the search's synonym groups through the same use cases as /admin/search/synonyms, and a full
 * rebuild of every API instance's index (each rebuilds from MariaDB when it reads the request in
 * the search journal, within a second; this command also builds one itself and prints its size).
 */
import type { Command } from 'commander';
import { confirm } from '../ui/confirm.ts';
import { positiveInt } from '../ui/arguments.ts';
import type { EnvFactory } from '../command-env.ts';

export function registerSearchCommands(program: Command, env: EnvFactory): void {
  const synonyms = program
    .command('synonyms')
    .description('synonym groups used by search, autocomplete and alerts');

  synonyms
    .command('list')
    .description('every synonym group')
    .addHelpText('after', '\nExample:\n  $ recrutement synonyms list --json')
    .action(async () => {
      const e = env();
      const { listSynonymGroups } = await import('../../domain/search/synonym-groups.ts');
      const groups = await listSynonymGroups(e.ctx());
      e.output.result(groups, () =>
        e.output.table(
          ['id', 'terms'],
          groups.map((g) => [g.id, g.terms.join(', ')]),
        ),
      );
    });

  synonyms
    .command('add')
    .argument('<term...>', '2 to 20 distinct terms; quote a multi-word term')
    .description('add a group of equivalent terms')
    .addHelpText('after', '\nExample:\n  $ recrutement synonyms add comptable compta "aide comptable"')
    .action(async (terms: string[]) => {
      const e = env();
      const { addSynonymGroup } = await import('../../domain/search/synonym-groups.ts');
      const group = await addSynonymGroup(e.ctx(), { terms });
      e.output.result(group, () =>
        e.output.out(e.output.color.green(`Created synonym group #${group.id}: ${group.terms.join(', ')}`)),
      );
    });

  synonyms
    .command('delete')
    .argument('<id>', 'group id', positiveInt)
    .description('delete a synonym group')
    .addHelpText('after', '\nExample:\n  $ recrutement synonyms delete 4 --yes')
    .action(async (id: number) => {
      const e = env();
      await confirm(e, `Delete synonym group #${id}?`);
      const { deleteSynonymGroup } = await import('../../domain/search/synonym-groups.ts');
      await deleteSynonymGroup(e.ctx(), id);
      e.output.result({ id, deleted: true }, () =>
        e.output.out(e.output.color.green(`Deleted synonym group #${id}`)),
      );
    });

  program
    .command('search')
    .description('the in-process search index of the API instances')
    .command('reindex')
    .description('rebuild the search index of every API instance from the database')
    .addHelpText('after', '\nExample:\n  $ recrutement search reindex')
    .action(async () => {
      const e = env();
      const ctx = e.ctx();
      const rt = e.runtime();
      const { SearchReplica } = await import('../../engines/search/search-replica.ts');
      const stats = await new SearchReplica(ctx.db, rt.logger, { pollMs: 1000, syncOnRead: false }).rebuild();
      const { requestReindex } = await import('../../domain/search/synonym-groups.ts');
      await requestReindex(ctx);
      e.output.result({ ...stats, requested: true }, () =>
        e.output.out(
          e.output.color.green(
            `Index rebuilt: ${stats.offres} offers, ${stats.words} words in ${stats.ms} ms (${stats.heapMb} MB heap); every API instance rebuilds within a second`,
          ),
        ),
      );
    });
}
