/**
 * Counters of emails queued per kind, scope (a company, an account) and period, for caps that must
 * hold under concurrent requests: counting the rows a use case keeps (invitations, tokens) misses
 * emails sent again for a reused row, so the emails themselves are counted here, in the
 * transaction that queues them (email_send_counts).
 *
 * Call inside a transaction that has already locked the scope's own row (the company, the
 * account): that lock serialises the requests of one scope, so the read below and the bump after
 * the emails are queued cannot interleave, and no two transactions race to create a counter row
 * (an INSERT IGNORE race on a new key deadlocks in InnoDB).
 */
import type { Ctx } from '../context.ts';
import { localDate } from '../shared/index.ts';

const DAY_MS = 24 * 3600_000;

export interface SendCap {
  kind: string;
  scopeId: number;
  /** 'day': the Cameroon calendar day; 'hour': the clock hour. */
  per: 'day' | 'hour';
  limit: number;
}

export interface SendAllowance {
  /** Emails that may still be queued under every cap. */
  remaining: number;
  /** The cap that leaves the least, for the error details. */
  tightest: SendCap;
  /** Records `count` queued emails against every cap. */
  record(count: number): Promise<void>;
}

function periodOf(cap: SendCap, now: Date): string {
  return cap.per === 'day' ? localDate(now) : now.toISOString().slice(0, 13);
}

export async function sendAllowance(ctx: Ctx, caps: [SendCap, ...SendCap[]]): Promise<SendAllowance> {
  const now = ctx.clock.now();
  const keyed = caps.map((cap) => ({ cap, period: periodOf(cap, now) }));
  let tightest = { cap: caps[0], left: Infinity };
  for (const { cap, period } of keyed) {
    // eslint-disable-next-line no-restricted-syntax -- SQL: a counter read under lock, bumped by an upsert below
    const row = (await ctx
      .db('emailSendCounts')
      .where({ kind: cap.kind, scopeId: cap.scopeId, period })
      .forUpdate()
      .first('sent')) as { sent: number } | undefined;
    const left = Math.max(0, cap.limit - (row?.sent ?? 0));
    if (left < tightest.left) tightest = { cap, left };
  }
  return {
    remaining: tightest.left,
    tightest: tightest.cap,
    async record(count: number) {
      if (count <= 0) return;
      // Periods ended two days ago are of no use to any cap: dropped here, so the table stays small.
      const stale = localDate(new Date(now.getTime() - 2 * DAY_MS));
      for (const { cap, period } of keyed) {
        await ctx.db.raw(
          'INSERT INTO email_send_counts (kind, scope_id, period, sent) VALUES (?, ?, ?, ?) ' +
            'ON DUPLICATE KEY UPDATE sent = sent + VALUES(sent)',
          [cap.kind, cap.scopeId, period, count],
        );
        await ctx.db.raw('DELETE FROM email_send_counts WHERE kind = ? AND scope_id = ? AND period < ?', [
          cap.kind,
          cap.scopeId,
          stale,
        ]);
      }
    },
  };
}
