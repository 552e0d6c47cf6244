/**
 * Records successful attempts (2xx) of many deliveries in one transaction: one multi-row insert
 * into the attempt log and one UPDATE for all the deliveries, instead of a transaction each. The
 * worker's pump sends deliveries one by one but writes their successes in batches
 * (lib/write-batcher.ts): on a busy database, the commit of each attempt was what bounded the
 * deliveries per second. Failures keep their own transaction (deliver-due.ts record()): they may
 * schedule a retry, disable a subscription or email its owner.
 *
 * As in record(), a delivery is only updated while the lease of the send still holds: a delivery
 * replayed meanwhile (or whose lease expired and was taken over) keeps its new series, and only
 * the attempt is logged.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';

export interface SuccessfulAttempt {
  deliveryId: number;
  subscriptionId: number;
  eventPublicId: string;
  attempt: number;
  statusCode: number;
  durationMs: number;
  /** The lease the delivery was claimed with. */
  lockedUntil: Date;
  sentAt: Date;
}

export async function recordSuccesses(ctx: Ctx, successes: SuccessfulAttempt[]): Promise<void> {
  if (!successes.length) return;
  await inTransaction(ctx, async (t) => {
    // eslint-disable-next-line no-restricted-syntax -- SQL: batch insert (Objection inserts arrays only on PostgreSQL)
    await t.db('webhookDeliveryAttempts').insert(
      successes.map((s) => ({
        deliveryId: s.deliveryId,
        attempt: s.attempt,
        statusCode: s.statusCode,
        error: null,
        durationMs: s.durationMs,
        createdAt: s.sentAt,
      })),
    );
    // One row per delivery (id, attempt number, status code, lease), joined to the deliveries.
    const rows = successes
      .map(() => 'SELECT ? AS id, ? AS attempts, ? AS code, CAST(? AS DATETIME(3)) AS locked')
      .join(' UNION ALL ');
    const [result] = (await t.db.raw(
      `UPDATE webhook_deliveries d JOIN (${rows}) v ON v.id = d.id
          SET d.status = 'SUCCEEDED', d.attempts = v.attempts, d.last_status_code = v.code, d.last_error = NULL,
              d.next_attempt_at = NULL, d.delivered_at = ?, d.locked_until = NULL
        WHERE d.locked_until = v.locked AND d.status = 'PENDING'`,
      [...successes.flatMap((s) => [s.deliveryId, s.attempt, s.statusCode, s.lockedUntil]), t.clock.now()],
    )) as unknown as [{ affectedRows: number }];
    t.logger.info(
      { delivered: result.affectedRows, replayedMeanwhile: successes.length - result.affectedRows },
      'webhooks delivered',
    );
  });
}
