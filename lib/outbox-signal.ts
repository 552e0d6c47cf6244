/**
 * The in-process half of how the job runner learns about new outbox rows: code that writes an
 * event, an email, an SMS or a queued talent-pool import signals it here, and a job runner living
 * in the same process (`recrutement start`, the benches) wakes at once instead of at its next
 * poll. Other processes learn about the row from the high-water-mark poll
 * (jobs/outbox/high-water-mark.ts; imports: the import pump's own sweep, jobs/outbox/import-pump.ts).
 *
 * A row written inside a transaction is signalled once the transaction has committed: before
 * that, no other connection can see (or claim) it.
 */
import type { Knex } from 'knex';

export type OutboxTopic = 'events' | 'emails' | 'sms' | 'imports';

const listeners = new Map<OutboxTopic, Set<() => void>>();

/** Calls `listener` after each signalled write of `topic`; returns the unsubscribe function. */
export function onOutboxWrite(topic: OutboxTopic, listener: () => void): () => void {
  const set = listeners.get(topic) ?? new Set();
  listeners.set(topic, set);
  set.add(listener);
  return () => set.delete(listener);
}

function notify(topic: OutboxTopic): void {
  for (const listener of listeners.get(topic) ?? []) listener();
}

/** Signals a write of `topic` made through `db`: now, or after the commit when `db` is a transaction. */
export function signalOutboxWrite(db: Knex, topic: OutboxTopic): void {
  if (!listeners.get(topic)?.size) return;
  const trx = db as Knex.Transaction;
  if (trx.isTransaction)
    trx.executionPromise.then(
      () => notify(topic),
      () => undefined, // rolled back: nothing to send
    );
  else notify(topic);
}

/**
 * Wakes this process's listeners of `topic` now (a sweep job behind its pump does); false when
 * nothing in this process listens, so the caller does the work itself.
 */
export function wakeOutboxListeners(topic: OutboxTopic): boolean {
  if (!listeners.get(topic)?.size) return false;
  notify(topic);
  return true;
}
