/**
 * A transaction that is run again when InnoDB picks it as a deadlock victim: the
 * database rolled it back entirely, so running it again is safe. Used by the use cases that lock
 * rows under heavy concurrency (application counters, publish quotas). Inside a caller's
 * transaction it cannot retry (the whole outer transaction was rolled back), so it just runs.
 */
import type { Knex } from 'knex';
import { inTransaction, withDb, type Ctx } from '../context.ts';
import { isDeadlockError } from '../../lib/db-errors.ts';

const MAX_ATTEMPTS = 4;

export async function inRetriedTransaction<T>(ctx: Ctx, work: (trxCtx: Ctx) => Promise<T>): Promise<T> {
  if ((ctx.db as Knex.Transaction).isTransaction) return inTransaction(ctx, work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction((trx) => work(withDb(ctx, trx)));
    } catch (err) {
      if (!isDeadlockError(err) || attempt >= MAX_ATTEMPTS) throw err;
      ctx.logger.warn({ attempt }, 'deadlock, transaction retried');
    }
  }
}
