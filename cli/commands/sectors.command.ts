/**
 * `recrutement sectors list | add | update | delete`: activity sectors through the same use cases
 * as /admin/reference/sectors (unique names, audit rows naming the CLI user). A sector still used
 * by a company is not deleted: exit 1 with SECTOR_IN_USE.
 */
import type { Command } from 'commander';
import type { SecteurAdminView } from '../../domain/reference/sector-admin-view.ts';
import { confirm } from '../ui/confirm.ts';
import { nonBlank, positiveInt } from '../ui/arguments.ts';
import { UsageError, type CommandEnv } from '../command-env.ts';
import type { EnvFactory } from '../command-env.ts';

function printSector(e: CommandEnv, verb: string, s: SecteurAdminView): void {
  e.output.result(s, () => e.output.out(e.output.color.green(`${verb} sector #${s.id} "${s.nom}"`)));
}

export function registerSectorsCommands(program: Command, env: EnvFactory): void {
  const sectors = program
    .command('sectors')
    .description("activity sectors (reference data of companies' profiles)");

  sectors
    .command('list')
    .description('every sector with the number of companies attached')
    .addHelpText('after', '\nExample:\n  $ recrutement sectors list --json')
    .action(async () => {
      const e = env();
      const { listSectorsAdmin } = await import('../../domain/reference/list-sectors-admin.ts');
      const list = await listSectorsAdmin(e.ctx());
      e.output.result(list, () =>
        e.output.table(
          ['id', 'nom', 'companies', 'description'],
          list.map((s) => [s.id, s.nom, s.entreprisesCount, s.description]),
        ),
      );
    });

  sectors
    .command('add')
    .description('create a sector (names are unique, ignoring case and accents)')
    .requiredOption('--nom <nom>', 'name', nonBlank)
    .option('--description <text>', 'description')
    .addHelpText(
      'after',
      '\nExample:\n  $ recrutement sectors add --nom "Agro-industrie" --description "Transformation agricole"',
    )
    .action(async (opts: { nom: string; description?: string }) => {
      const e = env();
      const { createSector } = await import('../../domain/reference/create-sector.ts');
      printSector(
        e,
        'Created',
        await createSector(e.ctx(), { nom: opts.nom, description: opts.description ?? null }),
      );
    });

  sectors
    .command('update')
    .argument('<id>', 'sector id', positiveInt)
    .description('rename a sector or change its description (--description "" clears it)')
    .option('--nom <nom>', 'new name', nonBlank)
    .option('--description <text>', 'new description')
    .addHelpText('after', '\nExample:\n  $ recrutement sectors update 7 --nom "Banque et assurance"')
    .action(async (id: number, opts: { nom?: string; description?: string }) => {
      const e = env();
      if (opts.nom === undefined && opts.description === undefined)
        throw new UsageError('Nothing to change: give --nom and/or --description');
      const ctx = e.ctx();
      // The use case takes the whole name (as PUT does): keep the current one when only the description changes.
      const { loadSecteurAdmin } = await import('../../domain/reference/sector-admin-view.ts');
      const nom = opts.nom ?? (await loadSecteurAdmin(ctx.db, id)).nom;
      const description = opts.description === undefined ? undefined : opts.description.trim() || null;
      const { updateSector } = await import('../../domain/reference/update-sector.ts');
      printSector(e, 'Updated', await updateSector(ctx, { sectorId: id, nom, description }));
    });

  sectors
    .command('delete')
    .argument('<id>', 'sector id', positiveInt)
    .description('delete a sector no company uses (else SECTOR_IN_USE)')
    .addHelpText('after', '\nExample:\n  $ recrutement sectors delete 7 --yes')
    .action(async (id: number) => {
      const e = env();
      await confirm(e, `Delete sector #${id}?`);
      const { deleteSector } = await import('../../domain/reference/delete-sector.ts');
      await deleteSector(e.ctx(), { sectorId: id });
      e.output.result({ deleted: id }, () => e.output.out(e.output.color.green(`Deleted sector #${id}`)));
    });
}
