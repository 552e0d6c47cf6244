/**
 * The import queue is the vivier_imports table itself (conventions: imports queued in memory are
 * lost on restart). The `vivier:import-csv` job runs every few seconds and claims, with a
 * conditional UPDATE, a QUEUED import or a RUNNING one whose heartbeat is older than
 * IMPORT_STALE_MS (its worker died): several workers never take the same import, and an
 * abandoned one is resumed from its last committed line. An import claimed MAX_IMPORT_ATTEMPTS
 * times without finishing is failed rather than retried forever. The CLI's operator import
 * (operator-vivier-import.ts) claims the import it has just queued with the same function.
 */
import type { Ctx } from '../context.ts';
import { claimImport, claimableImports, finishImport } from './import-lifecycle.ts';
import { runVivierImport, type ImportProgress, type RunImportOptions } from './run-vivier-import.ts';
import { discardImportMembers } from './discard-import-members.ts';
import { VivierImport } from '../../models/vivier-import.ts';

export const IMPORT_STALE_MS = 2 * 60_000;
export const MAX_IMPORT_ATTEMPTS = 5;

/**
 * The one way an import is claimed to run, by the job and by the CLI: one import (`importId`) or
 * the oldest claimable ones in turn. Claimable: QUEUED, or RUNNING with a heartbeat older than
 * IMPORT_STALE_MS. Returns the claimed import with its attempts, or null when there is none (or
 * another worker claimed it first).
 */
export async function claimVivierImport(
  ctx: Ctx,
  opts: { importId?: number } = {},
): Promise<{ id: number; attempts: number } | null> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - IMPORT_STALE_MS);
  const candidates =
    opts.importId !== undefined
      ? [{ id: opts.importId }]
      : await claimableImports(ctx, staleBefore).orderBy('id').limit(5).select('id');
  for (const { id } of candidates) {
    if (await claimImport(ctx, id, staleBefore)) {
      const row = await VivierImport.query(ctx.db).findById(id).select('attempts').throwIfNotFound();
      return { id, attempts: row.attempts };
    }
  }
  return null;
}

/** Runs claimed imports one after the other until the queue is empty (or `maxImports` ran). */
export async function processVivierImports(
  ctx: Ctx,
  opts: RunImportOptions & { maxImports?: number } = {},
): Promise<ImportProgress[]> {
  const done: ImportProgress[] = [];
  while (done.length < (opts.maxImports ?? 20)) {
    const claimed = await claimVivierImport(ctx);
    if (!claimed) break;
    if (claimed.attempts > MAX_IMPORT_ATTEMPTS) {
      // As any failed import: nothing of the file stays in the pool.
      await discardImportMembers(ctx, claimed.id);
      await finishImport(
        ctx,
        claimed.id,
        'FAILED',
        `Gave up after ${MAX_IMPORT_ATTEMPTS} interrupted attempts`,
      );
      ctx.logger.error({ importId: claimed.id }, 'vivier import given up');
      continue;
    }
    const progress = await runVivierImport(ctx, claimed.id, opts);
    ctx.logger.info({ ...progress }, 'vivier import processed');
    done.push(progress);
  }
  return done;
}
