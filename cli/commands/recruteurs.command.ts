/**
 * `recrutement recruiters pending | documents <id> [--download dir] | approve [id] | reject <id>
 * --reason | suspend <id> --reason | reactivate <id> | history <id>`: the same use cases as
 * /admin/recruiters/... (status change, history entry, audit row, event and email in one
 * transaction). The actor is the CLI user (`cli:<os user>`), which status histories and audit logs
 * show. `approve` without an id lets the operator pick from the pending list; reject, suspend and
 * reactivate ask for confirmation unless --yes. Use cases are imported when their command runs, so
 * `--help` loads none of them.
 */
import type { Command } from 'commander';
import type { RecruteurAdminItem } from '../../domain/recruteurs/recruteur-admin-view.ts';
import { confirm } from '../ui/confirm.ts';
import { pick } from '../ui/picker.ts';
import { nonBlank, positiveInt } from '../ui/arguments.ts';
import { dateTime } from '../ui/format.ts';
import type { CommandEnv } from '../command-env.ts';
import type { EnvFactory } from '../command-env.ts';
import { registerRecruteurDocumentsCommand } from './recruteur-documents.command.ts';

const fullName = (r: { prenom: string; nom: string }) => `${r.prenom} ${r.nom}`;

function printChanged(e: CommandEnv, verb: string, r: RecruteurAdminItem): void {
  e.output.result(r, () =>
    e.output.out(
      e.output.color.green(`${verb} recruiter #${r.id} ${fullName(r)} <${r.email}>: now ${r.status}`),
    ),
  );
}

async function pickPending(e: CommandEnv): Promise<number | null> {
  const { listPendingRecruteurs } = await import('../../domain/recruteurs/list-pending-recruteurs.ts');
  const pending = await listPendingRecruteurs(e.ctx());
  if (!pending.length) return null;
  return pick(
    e,
    'Recruiter to approve:',
    pending.map((r) => ({
      name: `#${r.id} ${fullName(r)} <${r.email}> ${r.entreprise?.nomEntreprise ?? ''}`.trim(),
      value: r.id,
      description: `${r.posteOccupe ?? ''} since ${dateTime(r.createdAt)}`,
    })),
    'No recruiter id given and no terminal to pick one: use `recrutement recruiters approve <id>` (see `recruiters pending`)',
  );
}

export function registerRecruteursCommands(program: Command, env: EnvFactory): void {
  const recruteurs = program
    .command('recruiters')
    .description('recruiter accounts awaiting or under moderation');

  recruteurs
    .command('pending')
    .description('recruiters awaiting approval (PENDING_APPROVAL), oldest first')
    .addHelpText('after', '\nExample:\n  $ recrutement recruiters pending --json')
    .action(async () => {
      const e = env();
      const { listPendingRecruteurs } = await import('../../domain/recruteurs/list-pending-recruteurs.ts');
      const pending = await listPendingRecruteurs(e.ctx());
      e.output.result(pending, () => {
        if (!pending.length) return e.output.out('No recruiter awaiting approval');
        e.output.table(
          ['id', 'name', 'email', 'company', 'position', 'since'],
          pending.map((r) => [
            r.id,
            fullName(r),
            r.email,
            r.entreprise?.nomEntreprise,
            r.posteOccupe,
            dateTime(r.createdAt),
          ]),
        );
      });
    });

  recruteurs
    .command('approve')
    .argument('[id]', 'recruiter id (omit it to pick from the pending list)', positiveInt)
    .description(
      'approve a recruiter (PENDING_APPROVAL -> ACTIVE); without an id, pick one from the pending list',
    )
    .option('--reason <text>', 'optional note kept in the status history')
    .addHelpText(
      'after',
      '\nExamples:\n  $ recrutement recruiters approve 42\n  $ recrutement recruiters approve      # pick from the list',
    )
    .action(async (givenId: number | undefined, opts: { reason?: string }) => {
      const e = env();
      const id = givenId ?? (await pickPending(e));
      if (id === null) {
        e.output.result({ approved: null }, () => e.output.out('No recruiter awaiting approval'));
        return;
      }
      const { approveRecruteur } = await import('../../domain/recruteurs/approve-recruteur.ts');
      printChanged(e, 'Approved', await approveRecruteur(e.ctx(), id, opts.reason ?? null));
    });

  recruteurs
    .command('reject')
    .argument('<id>', 'recruiter id', positiveInt)
    .description('reject a recruiter (PENDING_DOCS or PENDING_APPROVAL -> REJECTED); the reason is emailed')
    .requiredOption('--reason <text>', 'why (required, sent to the recruiter)', nonBlank)
    .addHelpText('after', '\nExample:\n  $ recrutement recruiters reject 42 --reason "RCCM illisible" --yes')
    .action(async (id: number, opts: { reason: string }) => {
      const e = env();
      await confirm(e, `Reject recruiter #${id} (reason: ${opts.reason})?`);
      const { rejectRecruteur } = await import('../../domain/recruteurs/reject-recruteur.ts');
      printChanged(e, 'Rejected', await rejectRecruteur(e.ctx(), id, opts.reason));
    });

  recruteurs
    .command('suspend')
    .argument('<id>', 'recruiter id', positiveInt)
    .description('suspend an ACTIVE recruiter: every session is revoked at once; the reason is emailed')
    .requiredOption('--reason <text>', 'why (required, sent to the recruiter)', nonBlank)
    .addHelpText(
      'after',
      '\nExample:\n  $ recrutement recruiters suspend 42 --reason "Offres frauduleuses" --yes',
    )
    .action(async (id: number, opts: { reason: string }) => {
      const e = env();
      await confirm(e, `Suspend recruiter #${id} and revoke all their sessions (reason: ${opts.reason})?`);
      const { suspendRecruteur } = await import('../../domain/recruteurs/suspend-recruteur.ts');
      printChanged(e, 'Suspended', await suspendRecruteur(e.ctx(), id, opts.reason));
    });

  recruteurs
    .command('reactivate')
    .argument('<id>', 'recruiter id', positiveInt)
    .description(
      'reactivate a SUSPENDED or REJECTED recruiter (-> ACTIVE), the inverse of suspend; the recruiter is emailed',
    )
    .option('--reason <text>', 'optional note kept in the status history', nonBlank)
    .addHelpText(
      'after',
      '\nExample:\n  $ recrutement recruiters reactivate 42 --reason "Documents vérifiés" --yes',
    )
    .action(async (id: number, opts: { reason?: string }) => {
      const e = env();
      await confirm(e, `Reactivate recruiter #${id}?`);
      const { reactivateRecruteur } = await import('../../domain/recruteurs/reactivate-recruteur.ts');
      printChanged(e, 'Reactivated', await reactivateRecruteur(e.ctx(), id, opts.reason ?? null));
    });

  registerRecruteurDocumentsCommand(recruteurs, env);

  recruteurs
    .command('history')
    .argument('<id>', 'recruiter id', positiveInt)
    .description('status history of a recruiter, oldest first (who changed it and why)')
    .addHelpText('after', '\nExample:\n  $ recrutement recruiters history 42')
    .action(async (id: number) => {
      const e = env();
      const { listRecruteurStatusHistory } = await import('../../domain/recruteurs/list-status-history.ts');
      const history = await listRecruteurStatusHistory(e.ctx(), id);
      e.output.result(history, () =>
        e.output.table(
          ['when', 'from', 'to', 'by', 'reason'],
          history.map((h) => [
            dateTime(h.changedAt),
            h.oldStatus,
            h.newStatus,
            h.changedByEmail ?? h.changedByName,
            h.reason,
          ]),
        ),
      );
    });
}
