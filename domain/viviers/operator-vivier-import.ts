/**
 * `recrutement vivier import <vivierId> <file.csv>`: an operator (system actor) imports a file into
 * a company's pool, and runs it at once in the calling process instead of waiting for the job
 * runner. The operator acts as itself throughout (no recruiter is impersonated): the audit log
 * names the operator.
 *
 * - Queued through queueImportFile, as the recruiters' upload route queues (same checks of the
 *   file, same storage, same row), on behalf of the pool's company: the import is created by the
 *   recruiter who created the pool when still ACTIVE there, else the company's ACTIVE owner, else
 *   any ACTIVE recruiter of it. The company then sees the import as one of its own
 *   (GET /recruiters/me/viviers/imports/{id}).
 * - Claimed at once with the workers' own claim (claimVivierImport), so their import pumps leave
 *   it alone while this process runs it; in the rare case a worker claimed it first, `claimed` is
 *   false and that worker runs it.
 * - The same choices as the upload route (mapping, sheet), and the same preview
 *   (previewImportFile), its problems in the language of the recruiter the import would be made for.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  queueImportFile,
  type ImportChoices,
  type ImportQueued,
  type IncomingCsv,
} from './queue-vivier-import.ts';
import { previewImportFile, type ImportPreview } from './preview-vivier-import.ts';
import { accountLangue } from '../accounts/index.ts';
import type { IgnoredColumn } from './column-mapping.ts';
import type { Langue } from '../../models/account.ts';
import {
  runVivierImport,
  type ImportError,
  type ImportProgress,
  type RunImportOptions,
} from './run-vivier-import.ts';
import { claimVivierImport } from './process-vivier-imports.ts';
import { Vivier } from '../../models/vivier.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { VivierImport } from '../../models/vivier-import.ts';

interface ActingRecruteur {
  id: number;
  email: string;
}

/** The recruiter the import is created for (its company sees it); it does not act. */
async function onBehalfOfRecruteur(ctx: Ctx, vivierId: number): Promise<ActingRecruteur> {
  const vivier = await Vivier.query(ctx.db).findById(vivierId).select('entrepriseId', 'createdBy');
  if (!vivier) throw new NotFoundError('Vivier');
  const recruteur = await Recruteur.query(ctx.db)
    .joinRelated('account')
    .where({
      'recruiters.entrepriseId': vivier.entrepriseId,
      'recruiters.status': 'ACTIVE',
      'account.enabled': true,
    })
    .orderByRaw('recruiters.id = ? DESC', [vivier.createdBy ?? 0])
    .orderByRaw("recruiters.company_role = 'OWNER' DESC")
    .orderBy('recruiters.id')
    .select('recruiters.id', 'account.email')
    .limit(1)
    .first()
    .castTo<ActingRecruteur | undefined>();
  if (!recruteur)
    throw new ForbiddenError(
      bilingual(
        'L’entreprise de ce vivier n’a aucun recruteur actif au nom duquel importer',
        'The company of this pool has no active recruiter to import for',
      ),
      'ACCOUNT_NOT_ACTIVE',
    );
  return { id: recruteur.id, email: recruteur.email };
}

/** What an operator's command refuses to anyone else (the CLI's actor is the system). */
export const OPERATORS_ONLY = bilingual(
  'Réservé aux opérateurs (recrutement vivier import)',
  'Operators only (recrutement vivier import)',
);

function operatorsOnly(ctx: Ctx): void {
  if (ctx.actor.type !== 'system') throw new ForbiddenError(OPERATORS_ONLY);
}

/**
 * `recrutement vivier import --preview`: what the import would do, nothing written; problems in
 * `langue`, the language of the recruiter the import would be made for.
 */
export async function previewVivierImportAsOperator(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv,
  choices: ImportChoices = {},
): Promise<{ langue: Langue; preview: ImportPreview }> {
  operatorsOnly(ctx);
  const recruteur = await onBehalfOfRecruteur(ctx, vivierId);
  const langue = await accountLangue(ctx.db, recruteur.id);
  return { langue, preview: await previewImportFile(file, choices, langue) };
}

export async function queueVivierImportAsOperator(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv,
  choices: ImportChoices = {},
): Promise<{ queued: ImportQueued; importId: number; claimed: boolean; onBehalfOf: ActingRecruteur }> {
  operatorsOnly(ctx);
  const recruteur = await onBehalfOfRecruteur(ctx, vivierId);
  const queued = await queueImportFile(ctx, vivierId, recruteur.id, file, choices);
  const { importId } = queued;
  await recordAudit(
    ctx,
    'vivier.import',
    { type: 'vivier', id: vivierId },
    { importId, file: file.originalName, onBehalfOf: recruteur.id },
  );
  // Claimed here, the workers' way, so the job runner leaves it alone.
  const claimed = (await claimVivierImport(ctx, { importId })) !== null;
  return { queued, importId, claimed, onBehalfOf: recruteur };
}

export interface OperatorImportResult {
  importId: number;
  /** null when the job runner claimed the import first (it runs it). */
  progress: ImportProgress | null;
  /** The rows refused, with their line numbers (capped like the API's list). */
  errors: ImportError[];
  /** The file's columns that fill no field, as the upload route answers them. */
  ignoredColumns: IgnoredColumn[];
}

/** Queues, claims and runs the import here. */
export async function importVivierCsvAsOperator(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv,
  opts: Pick<RunImportOptions, 'onBatch'> & {
    choices?: ImportChoices;
    /** Once the file passed the checks and the import is ours: how it is read (format, sheet). */
    onStart?: (queued: ImportQueued) => void;
  } = {},
): Promise<OperatorImportResult> {
  const { queued, importId, claimed } = await queueVivierImportAsOperator(ctx, vivierId, file, opts.choices);
  const { ignoredColumns } = queued;
  if (!claimed) return { importId, progress: null, errors: [], ignoredColumns };
  opts.onStart?.(queued);
  const progress = await runVivierImport(ctx, importId, { onBatch: opts.onBatch });
  const row = await VivierImport.query(ctx.db).findById(importId).select('errors');
  return { importId, progress, errors: row?.errors ?? [], ignoredColumns };
}
