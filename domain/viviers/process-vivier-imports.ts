/**
 * The import queue is the vivier_imports table itself (conventions: imports queued in memory are
 * lost on restart). The `vivier:import-csv` job runs every few seconds and claims, with a
 * conditional UPDATE, a QUEUED import or a RUNNING one whose heartbeat is older than
 * IMPORT_STALE_MS (its worker died): several workers never take the same import, and an
 * abandoned one is resumed from its last committed line. An import claimed MAX_IMPORT_ATTEMPTS
 * times without finishing is failed rather than retried forever.
 */
import type { Ctx } from '../context.ts';
import { claimImport, claimableImports, finishImport } from './import-lifecycle.ts';
import { runVivierImport, type ImportProgress, type RunImportOptions } from './run-vivier-import.ts';

export const IMPORT_STALE_MS = 2 * 60_000;
export const MAX_IMPORT_ATTEMPTS = 5;

/** Claims one import to run, or returns null when there is none. */
export async function claimVivierImport(ctx: Ctx): Promise<{ id: number; attempts: number } | null> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - IMPORT_STALE_MS);
  const candidates = (await claimableImports(ctx, staleBefore).orderBy('id').limit(5).select('id')) as {
    id: number;
  }[];
  for (const { id } of candidates) {
    if (await claimImport(ctx, id, staleBefore)) {
      const row = (await ctx.db('vivierImports').where({ id }).first('attempts')) as { attempts: number };
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
