/**
 * The import queue is the vivier_imports table itself (conventions: imports queued in memory are
 * lost on restart). Each worker's import pump (jobs/outbox/import-pump.ts) claims, with a
 * conditional UPDATE, a QUEUED import or a RUNNING one whose heartbeat is older than
 * IMPORT_STALE_MS (its worker died), and runs it with runClaimedImport: several workers never take
 * the same import, an abandoned one is resumed from its last committed line, and the heartbeat is
 * the import's only lease. An import claimed MAX_IMPORT_ATTEMPTS times without finishing is failed
 * rather than retried forever. `processVivierImports` runs the queue in turn where no pump runs
 * (`recrutement jobs run vivier:import-csv`); the CLI's operator import
 * (operator-vivier-import.ts) claims the import it has just queued with the same function.
 */
import type { Ctx } from '../context.ts';
import { claimImport, claimableImports, finishImport, releaseImport } from './import-lifecycle.ts';
import { runVivierImport, type ImportProgress, type RunImportOptions } from './run-vivier-import.ts';
import { discardImportMembers } from './discard-import-members.ts';
import { VivierImport } from '../../models/vivier-import.ts';

export const IMPORT_STALE_MS = 2 * 60_000;
export const MAX_IMPORT_ATTEMPTS = 5;

/** An import this worker claimed, and the number of that claim (its attempt). */
export interface ClaimedImport {
  id: number;
  attempts: number;
}

/**
 * The one way an import is claimed to run, by the pump, the job and the CLI: one import
 * (`importId`) or the oldest claimable one. Claimable: QUEUED, or RUNNING with a heartbeat older
 * than IMPORT_STALE_MS (or none: released). Returns the claimed import with its attempts, or null
 * when there is none (or another worker claimed it first).
 */
export async function claimVivierImport(
  ctx: Ctx,
  opts: { importId?: number } = {},
): Promise<ClaimedImport | null> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - IMPORT_STALE_MS);
  const candidats =
    opts.importId !== undefined
      ? [{ id: opts.importId }]
      : await claimableImports(ctx, staleBefore).orderBy('id').limit(5).select('id');
  for (const { id } of candidats) {
    if (await claimImport(ctx, id, staleBefore)) {
      const row = await VivierImport.query(ctx.db).findById(id).select('attempts').throwIfNotFound();
      return { id, attempts: row.attempts };
    }
  }
  return null;
}

/** Claims up to `limit` imports, oldest first (the pump's free slots). */
export async function claimVivierImports(ctx: Ctx, limit: number): Promise<ClaimedImport[]> {
  const claimed: ClaimedImport[] = [];
  while (claimed.length < limit) {
    const next = await claimVivierImport(ctx);
    if (!next) break;
    claimed.push(next);
  }
  return claimed;
}

/**
 * Runs one claimed import: gives it up after MAX_IMPORT_ATTEMPTS interrupted attempts (null),
 * else runs it. Stopped by `opts.signal` (its worker stops), the import is released for the next
 * claim, any worker's, and its progress returned with status RUNNING.
 */
export async function runClaimedImport(
  ctx: Ctx,
  claimed: ClaimedImport,
  opts: RunImportOptions = {},
): Promise<ImportProgress | null> {
  if (claimed.attempts > MAX_IMPORT_ATTEMPTS) {
    // As any failed import: nothing of the file stays in the pool.
    await discardImportMembers(ctx, claimed.id);
    await finishImport(ctx, claimed.id, 'FAILED', {
      code: 'IMPORT_GAVE_UP',
      params: { attempts: MAX_IMPORT_ATTEMPTS },
    });
    ctx.logger.error({ importId: claimed.id }, 'vivier import given up');
    return null;
  }
  const progress = await runVivierImport(ctx, claimed.id, opts);
  if (progress.status === 'RUNNING' && opts.signal?.aborted) {
    const released = await releaseImport(ctx, claimed.id, claimed.attempts);
    ctx.logger.info({ ...progress, released }, 'vivier import released');
  } else ctx.logger.info({ ...progress }, 'vivier import processed');
  return progress;
}

/**
 * Runs claimed imports one after the other until the queue is empty (or `maxImports` ran, or
 * `signal` was aborted).
 */
export async function processVivierImports(
  ctx: Ctx,
  opts: RunImportOptions & { maxImports?: number } = {},
): Promise<ImportProgress[]> {
  const done: ImportProgress[] = [];
  while (done.length < (opts.maxImports ?? 20) && !opts.signal?.aborted) {
    const claimed = await claimVivierImport(ctx);
    if (!claimed) break;
    const progress = await runClaimedImport(ctx, claimed, opts);
    if (progress) done.push(progress);
  }
  return done;
}
