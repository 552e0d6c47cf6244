/**
 * The worker's talent-pool import runner. The vivier_imports rows are the queue and each import's
 * heartbeat (`heartbeat_at`, renewed by every committed batch) is its only lease: the pump claims
 * QUEUED imports, and RUNNING ones whose heartbeat is over IMPORT_STALE_MS old (their worker died),
 * as slots free up, and runs each on its own (domain/viviers/process-vivier-imports.ts).
 *
 * Woken by the in-process signal once an upload's import row commits (lib/outbox-signal.ts), and by
 * its sweep every `idleMs`: imports queued by another process (the API's) and abandoned ones. Imports
 * are heavy (a file streamed from storage, a transaction per 1,000 rows, a workbook's strings in
 * memory): two slots by default, so a small import never waits behind a long one and a worker runs
 * no more than two. On stop, a running import stops at its next row once its batch in flight has
 * committed, and is released (heartbeat cleared, the attempt not counted) for the next claim.
 */
import type { Ctx } from '../../domain/context.ts';
import { claimVivierImports, runClaimedImport } from '../../domain/viviers/process-vivier-imports.ts';
import { startSlotPump, type SlotPump } from './slot-pump.ts';

export interface ImportPumpOptions {
  /** Imports running at once in this worker, at most. */
  slots?: number;
  /** The sweep: imports queued by other processes, abandoned ones. */
  idleMs?: number;
}

export type ImportPump = SlotPump;

export function startImportPump(ctx: Ctx, opts: ImportPumpOptions = {}): ImportPump {
  return startSlotPump({
    name: 'import',
    slots: opts.slots ?? 2,
    idleMs: opts.idleMs ?? 1000,
    logger: ctx.logger,
    // With every slot busy the sweep asks nothing of the database.
    claim: async (limit) => (limit > 0 ? claimVivierImports(ctx, limit) : []),
    send: (claimed, signal) => runClaimedImport(ctx, claimed, { signal }),
  });
}
