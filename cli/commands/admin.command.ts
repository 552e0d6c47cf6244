/**
 * `recrutement admin digest [--dry-run]`: the daily email of what waits for moderation (the same use
 * case as the job `admins:moderation-digest`), run now; an administrator already emailed today gets
 * nothing more.
 *
 * `recrutement admin create`: an ADMIN (or with --super a SUPER_ADMIN) through the same use case
 * as POST /admin/admins, so the account, profile and audit row are the same; the audit log names
 * the CLI user. Without --password the password is asked (masked) on a terminal, keeping it out of
 * the shell history; without a terminal --password is required.
 */
import { Option, type Command } from 'commander';
import type { Langue } from '../../models/account.ts';
import { askSecret } from '../ui/picker.ts';
import { nonBlank } from '../ui/arguments.ts';
import type { EnvFactory } from '../command-env.ts';

// Spelled out rather than imported from the model (which loads Objection, slowing `--help`);
// `satisfies` fails the build if a language is added there and not here.
const LANGUES = Object.keys({ fr: true, en: true } satisfies Record<Langue, true>) as Langue[];

interface CreateOptions {
  email: string;
  password?: string;
  nom?: string;
  prenom?: string;
  telephone?: string;
  super?: boolean;
  langue?: Langue;
}

export function registerAdminCommands(program: Command, env: EnvFactory): void {
  const admin = program.command('admin').description('administrator accounts');

  admin
    .command('create')
    .description('create an administrator (ADMIN, or SUPER_ADMIN with --super), email already verified')
    .requiredOption('--email <email>', 'login email', nonBlank)
    .option('--password <password>', 'at least 8 characters (asked on the terminal when omitted)')
    .option('--nom <nom>', 'last name', nonBlank, 'Administrateur')
    .option('--prenom <prenom>', 'first name (default: the part of the email before @)', nonBlank)
    .option('--telephone <telephone>', 'phone number')
    .option('--super', 'SUPER_ADMIN: may manage administrators and read the audit log')
    .addOption(new Option('--langue <langue>', 'language of its emails (default fr)').choices(LANGUES))
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement admin create --email ops@example.cm --nom Ndongo --prenom Alice\n  $ recrutement admin create --email root@example.cm --password "S3cret-long" --super --json',
    )
    .action(async (opts: CreateOptions) => {
      const e = env();
      const password =
        opts.password ??
        (await askSecret(
          e,
          'Password of the new administrator:',
          'Give --password (no terminal to ask it on)',
        ));
      const { createAdmin } = await import('../../domain/admins/create-admin.ts');
      const created = await createAdmin(e.ctx(), {
        email: opts.email,
        password,
        nom: opts.nom ?? 'Administrateur',
        prenom: opts.prenom ?? opts.email.split('@')[0],
        telephone: opts.telephone ?? null,
        superAdmin: Boolean(opts.super),
        langue: opts.langue,
      });
      e.output.result(created, () =>
        e.output.out(
          e.output.color.green(`Created ${created.roles.join(', ')} #${created.id} ${created.email}`),
        ),
      );
    });

  admin
    .command('digest')
    .description('email the administrators what waits for a decision (recruiters, held offers, apps)')
    .option('--dry-run', 'count what waits and who would be emailed, write nothing')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement admin digest --dry-run\n  $ recrutement admin digest --json',
    )
    .action(async (opts: { dryRun?: boolean }) => {
      const e = env();
      const { sendModerationDigests } = await import('../../domain/admins/moderation-digest.ts');
      const dryRun = Boolean(opts.dryRun);
      const report = await sendModerationDigests(e.ctx(), { dryRun });
      e.output.result({ ...report, dryRun }, () => {
        if (report.waiting === 0) return e.output.out('Nothing waits for an administrator: no email');
        e.output.table(
          ['recruiters to approve', 'offers held or reported', 'apps to review'],
          [[report.recruiters, report.offres, report.apps]],
        );
        const line = dryRun
          ? `Dry run: ${report.waiting} item(s) wait; ${report.admins} administrator(s) would be emailed`
          : `${report.waiting} item(s) wait; ${report.admins} email(s) queued for the job runner`;
        e.output.out(e.output.color.green(line));
      });
    });
}
