/** `recrutement db migrate|seed [--demo]|reset|check-phones`. */
import type { Command } from 'commander';
import { confirm } from '../ui/confirm.ts';
import type { EnvFactory } from '../command-env.ts';

export function registerDbCommands(program: Command, env: EnvFactory): void {
  const db = program.command('db').description('database schema and seed data');

  db.command('migrate')
    .description('create the database if missing and apply every pending migration')
    .addHelpText('after', '\nExample:\n  $ recrutement db migrate')
    .action(async () => {
      const e = env();
      const rt = e.runtime();
      const { ensureDatabase } = await import('../../lib/db.ts');
      await ensureDatabase(rt.config.databaseUrl, rt.logger);
      const { migrateLatest } = await import('../../lib/migrator.ts');
      const applied = await migrateLatest(rt.db);
      e.output.result({ applied }, () =>
        e.output.out(
          applied.length
            ? e.output.color.green(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
            : 'Database already up to date',
        ),
      );
    });

  db.command('seed')
    .description('load reference data, geography and the ADMIN_EMAIL super admin (safe to run twice)')
    .option('--demo', 'also load a demo data set (companies, recruiters, offers, candidates, applications)')
    .addHelpText('after', '\nExamples:\n  $ recrutement db seed\n  $ recrutement db seed --demo')
    .action(async (opts: { demo?: boolean }) => {
      const e = env();
      const rt = e.runtime();
      const { runSeeds } = await import('../../seeds/index.ts');
      const report = await runSeeds(rt.db, rt.config, { demo: Boolean(opts.demo) });
      e.output.result(report, () => e.output.out(e.output.color.green(`Seeded: ${report.steps.join(', ')}`)));
    });

  db.command('reset')
    .description('DESTRUCTIVE: roll back every migration, migrate again and seed')
    .addHelpText('after', '\nExample:\n  $ recrutement db reset --yes')
    .action(async () => {
      const e = env();
      const rt = e.runtime();
      const { databaseName, ensureDatabase } = await import('../../lib/db.ts');
      const { migrateLatest, rollbackAll } = await import('../../lib/migrator.ts');
      const name = databaseName(rt.config.databaseUrl);
      await confirm(e, `This erases every row of database "${name}". Continue?`);
      await ensureDatabase(rt.config.databaseUrl, rt.logger);
      await rollbackAll(rt.db);
      const applied = await migrateLatest(rt.db);
      const { runSeeds } = await import('../../seeds/index.ts');
      const report = await runSeeds(rt.db, rt.config);
      e.output.result({ database: name, applied, seeded: report.steps }, () =>
        e.output.out(e.output.color.green(`Database ${name} reset`)),
      );
    });

  db.command('check-phones')
    .description('list the stored phone numbers that are not in E.164 and cannot be read as one')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement db check-phones\n  $ recrutement db check-phones --json',
    )
    .action(async () => {
      const e = env();
      const { checkPhones } = await import('../../domain/privacy/phone-normalisation.ts');
      const report = await checkPhones(e.runtime().db);
      e.output.result(report, () => {
        if (!report.unreadable.length) {
          e.output.out(e.output.color.green('Every stored phone number is in E.164'));
          return;
        }
        for (const u of report.unreadable)
          e.output.out(`${u.table} #${u.id}: ${JSON.stringify(u.telephone)}`);
        e.output.out(e.output.color.yellow(`${report.unreadable.length} phone number(s) to correct by hand`));
      });
    });
}
