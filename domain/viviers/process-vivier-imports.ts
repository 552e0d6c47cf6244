/**
 * The import queue is the vivier_imports table itself (conventions: imports queued in memory are
 * lost on restart). The `vivier:import-csv` job runs every few seconds and claims, with a
 * conditional UPDATE, a QUEUED import or a RUNNING one whose heartbeat is older than
 * IMPORT_STALE_MS (its worker died): several workers never take the same import, and an
 * abandoned one is resumed from its last committed line. An import claimed MAX_IMPORT_ATTEMPTS
 * times without finishing is failed rather than retried forever.
 */
import type { Ctx } from '../context.ts';
import { runVivierImport, type ImportProgress, type RunImportOptions } from './run-vivier-import.ts';

export const IMPORT_STALE_MS = 2 * 60_000;
export const MAX_IMPORT_ATTEMPTS = 5;

function claimable(ctx: Ctx, staleBefore: Date) {
  return ctx.db('vivierImports').where((w) => {
    w.where('status', 'QUEUED').orWhere((r) => {
      r.where('status', 'RUNNING').where((h) => {
        h.whereNull('heartbeatAt').orWhere('heartbeatAt', '<', staleBefore);
      });
    });
  });
}

/** Claims one import to run, or returns null when there is none. */
export async function claimVivierImport(ctx: Ctx): Promise<{ id: number; attempts: number } | null> {
  const now = ctx.clock.now();
  const staleBefore = new Date(now.getTime() - IMPORT_STALE_MS);
  const candidates = (await claimable(ctx, staleBefore).orderBy('id').limit(5).select('id')) as {
    id: number;
  }[];
  for (const { id } of candidates) {
    const updated = await claimable(ctx, staleBefore)
      .where({ id })
      .update({
        status: 'RUNNING',
        heartbeatAt: now,
        attempts: ctx.db.raw('attempts + 1'),
        startedAt: ctx.db.raw('COALESCE(started_at, ?)', [now]),
      });
    if (updated === 1) {
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
      const at = ctx.clock.now();
      await ctx
        .db('vivierImports')
        .where({ id: claimed.id, status: 'RUNNING' })
        .update({
          status: 'FAILED',
          failureMessage: `Gave up after ${MAX_IMPORT_ATTEMPTS} interrupted attempts`,
          finishedAt: at,
        });
      ctx.logger.error({ importId: claimed.id }, 'vivier import given up');
      continue;
    }
    const progress = await runVivierImport(ctx, claimed.id, opts);
    ctx.logger.info({ ...progress }, 'vivier import processed');
    done.push(progress);
  }
  return done;
}
