/**
 * `recrutement vivier import <vivierId> <file.csv>`: an operator (system actor) imports a file into
 * a company's pool, and runs it at once in the calling process instead of waiting for the job
 * runner.
 *
 * - Queued through queueVivierImport itself (same checks of the file, same storage, same row), on
 *   behalf of the pool's company: the recruiter who created the pool when still ACTIVE there, else
 *   the company's ACTIVE owner, else any ACTIVE recruiter of it. The company then sees the import
 *   as one of its own (GET /recruiters/me/viviers/imports/{id}); the audit log names the operator.
 * - Claimed at once (QUEUED -> RUNNING with a fresh heartbeat, the same conditional UPDATE shape as
 *   the job's claim) so the `vivier:import-csv` job leaves it alone while this process runs it;
 *   in the rare case the job claimed it first, `claimed` is false and the job runs it.
 */
import type { Ctx } from '../context.ts';
import { withActor } from '../context.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { queueVivierImport, type IncomingCsv } from './queue-vivier-import.ts';
import {
  runVivierImport,
  type ImportError,
  type ImportProgress,
  type RunImportOptions,
} from './run-vivier-import.ts';
import { jsonArrayColumn } from '../../lib/json-column.ts';
import { claimImport } from './import-lifecycle.ts';

interface ActingRecruiter {
  id: number;
  email: string;
}

async function actingRecruiter(ctx: Ctx, vivierId: number): Promise<ActingRecruiter> {
  const vivier = (await ctx.db('viviers').where({ id: vivierId }).first('entrepriseId', 'createdBy')) as
    { entrepriseId: number; createdBy: number | null } | undefined;
  if (!vivier) throw new NotFoundError('Vivier');
  const recruiter = (await ctx
    .db('recruiters as r')
    .join('accounts as a', 'a.id', 'r.id')
    .where({ 'r.entrepriseId': vivier.entrepriseId, 'r.status': 'ACTIVE', 'a.enabled': true })
    .orderByRaw('r.id = ? DESC', [vivier.createdBy ?? 0])
    .orderByRaw("r.company_role = 'OWNER' DESC")
    .orderBy('r.id')
    .first('r.id', 'a.email')) as ActingRecruiter | undefined;
  if (!recruiter)
    throw new ForbiddenError(
      'The company of this pool has no active recruiter to import for',
      'ACCOUNT_NOT_ACTIVE',
    );
  return recruiter;
}

export async function queueVivierImportAsOperator(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv,
): Promise<{ importId: number; claimed: boolean; onBehalfOf: ActingRecruiter }> {
  if (ctx.actor.type !== 'system') throw new ForbiddenError('Operators only (recrutement vivier import)');
  const recruiter = await actingRecruiter(ctx, vivierId);
  const { importId } = await queueVivierImport(
    withActor(ctx, { type: 'account', id: recruiter.id, role: 'RECRUTEUR', email: recruiter.email }),
    vivierId,
    file,
  );
  await recordAudit(
    ctx,
    'vivier.import',
    { type: 'vivier', id: vivierId },
    { importId, file: file.originalName, onBehalfOf: recruiter.id },
  );
  // Claimed here so the job runner leaves it alone; null staleness: only while still QUEUED.
  const claimed = await claimImport(ctx, importId, null);
  return { importId, claimed, onBehalfOf: recruiter };
}

export interface OperatorImportResult {
  importId: number;
  /** null when the job runner claimed the import first (it runs it). */
  progress: ImportProgress | null;
  /** The rows refused, with their line numbers (capped like the API's list). */
  errors: ImportError[];
}

/** Queues, claims and runs the import here. */
export async function importVivierCsvAsOperator(
  ctx: Ctx,
  vivierId: number,
  file: IncomingCsv,
  opts: Pick<RunImportOptions, 'onBatch'> & { onStart?: (importId: number) => void } = {},
): Promise<OperatorImportResult> {
  const { importId, claimed } = await queueVivierImportAsOperator(ctx, vivierId, file);
  if (!claimed) return { importId, progress: null, errors: [] };
  opts.onStart?.(importId);
  const progress = await runVivierImport(ctx, importId, { onBatch: opts.onBatch });
  const row = (await ctx.db('vivierImports').where({ id: importId }).first('errors')) as
    { errors: unknown } | undefined;
  return { importId, progress, errors: jsonArrayColumn(row?.errors) as ImportError[] };
}
