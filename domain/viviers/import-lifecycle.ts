/**
 * The import lifecycle: QUEUED -> RUNNING -> DONE | FAILED, and DONE and FAILED are final. A worker
 * claims an import (a QUEUED one, or a RUNNING one whose heartbeat stopped: its worker died, and
 * RUNNING -> RUNNING hands it over) and runs it; it ends DONE, or FAILED with a message (a bad
 * file, or too many interrupted attempts). A worker that stops releases its RUNNING import (its
 * heartbeat cleared) so that the next claim takes it at once. Every move is one of the functions
 * here, each a conditional UPDATE, so two workers never both claim or both finish one import.
 */
import type { Ctx } from '../context.ts';
import { VivierImport, type ImportStatus } from '../../models/vivier-import.ts';
import { importFailureMessage, type ImportFailure } from './import-file-problems.ts';

const NEXT: Record<ImportStatus, ImportStatus[]> = {
  QUEUED: ['RUNNING'],
  RUNNING: ['RUNNING', 'DONE', 'FAILED'],
  DONE: [],
  FAILED: [],
};

export function isFinalImportStatus(status: ImportStatus): boolean {
  return NEXT[status].length === 0;
}

function statusesBefore(to: ImportStatus): ImportStatus[] {
  return (Object.keys(NEXT) as ImportStatus[]).filter((from) => NEXT[from].includes(to));
}

/**
 * Imports a worker may claim: QUEUED ones and, when `staleBefore` is given, RUNNING ones whose
 * last heartbeat is older (or that never beat).
 */
export function claimableImports(ctx: Ctx, staleBefore: Date | null) {
  return VivierImport.query(ctx.db).where((w) => {
    w.where('status', 'QUEUED');
    if (staleBefore)
      w.orWhere((r) => {
        r.where('status', 'RUNNING').where((h) => {
          h.whereNull('heartbeatAt').orWhere('heartbeatAt', '<', staleBefore);
        });
      });
  });
}

/** Claims the import for this worker (one more attempt); false when it was not claimable any more. */
export async function claimImport(ctx: Ctx, importId: number, staleBefore: Date | null): Promise<boolean> {
  const now = ctx.clock.now();
  const updated = await claimableImports(ctx, staleBefore)
    .where({ id: importId })
    .patch({
      status: 'RUNNING',
      heartbeatAt: now,
      attempts: ctx.db.raw('attempts + 1'),
      startedAt: ctx.db.raw('COALESCE(started_at, ?)', [now]),
    });
  return updated === 1;
}

/**
 * A worker stopping (SIGTERM) hands back the import it claimed as attempt `attempts`: RUNNING with
 * no heartbeat, so the next claim takes it over at once, and that attempt not counted (it was not
 * interrupted by a fault: MAX_IMPORT_ATTEMPTS counts crashes). The attempt number is the claim's
 * token: once another worker has claimed the import, nothing is released. False when not released.
 */
export async function releaseImport(ctx: Ctx, importId: number, attempts: number): Promise<boolean> {
  const updated = await VivierImport.query(ctx.db)
    .where({ id: importId, status: 'RUNNING', attempts })
    .patch({ heartbeatAt: null, attempts: attempts - 1 });
  return updated === 1;
}

/** The run begins (or resumes): RUNNING with a fresh heartbeat, whoever claimed it. */
export async function startImport(ctx: Ctx, importId: number): Promise<void> {
  const now = ctx.clock.now();
  await VivierImport.query(ctx.db)
    .where({ id: importId })
    .whereIn('status', statusesBefore('RUNNING'))
    .patch({
      status: 'RUNNING',
      startedAt: ctx.db.raw('COALESCE(started_at, ?)', [now]),
      heartbeatAt: now,
    });
}

/** RUNNING -> DONE | FAILED; false when the import was no longer RUNNING (another worker has it). */
export async function finishImport(
  ctx: Ctx,
  importId: number,
  status: Extract<ImportStatus, 'DONE' | 'FAILED'>,
  failure: ImportFailure | null,
): Promise<boolean> {
  const at = ctx.clock.now();
  const failureMessage = failure ? importFailureMessage(failure, 'en') : null;
  const updated = await VivierImport.query(ctx.db)
    .where({ id: importId })
    .whereIn('status', statusesBefore(status))
    .patch({ status, failureMessage, failure, finishedAt: at, heartbeatAt: at });
  return updated === 1;
}
