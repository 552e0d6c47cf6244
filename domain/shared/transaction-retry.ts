/**
 * A transaction that is run again when InnoDB picks it as a deadlock victim (errno 1213): the
 * database rolled it back entirely, so running it again is safe. Used by the use cases that lock
 * rows under heavy concurrency (application counters, publish quotas). Inside a caller's
 * transaction it cannot retry (the whole outer transaction was rolled back), so it just runs.
 */
import type { Knex } from 'knex';
import { inTransaction, withDb, type Ctx } from '../context.ts';

const DEADLOCK_ERRNO = 1213;
const MAX_ATTEMPTS = 4;

export function isDeadlock(err: unknown): boolean {
  const e = err as { errno?: number; code?: string } | null;
  return Boolean(e && (e.errno === DEADLOCK_ERRNO || e.code === 'ER_LOCK_DEADLOCK'));
}

export async function inRetriedTransaction<T>(ctx: Ctx, work: (trxCtx: Ctx) => Promise<T>): Promise<T> {
  if ((ctx.db as Knex.Transaction).isTransaction) return inTransaction(ctx, work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction((trx) => work(withDb(ctx, trx)));
    } catch (err) {
      if (!isDeadlock(err) || attempt >= MAX_ATTEMPTS) throw err;
      ctx.logger.warn({ attempt }, 'deadlock, transaction retried');
    }
  }
}
