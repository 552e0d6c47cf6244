/**
 * Sends what the email outbox holds (job `emails:send`). Rows are claimed with a lease
 * (locked_until) by a conditional UPDATE, so several workers never send the same email; a failed
 * send is retried with back-off and never blocks the others; after MAX_ATTEMPTS it is FAILED.
 * A worker killed after sending but before recording may send once more when the lease expires:
 * the stable Message-ID lets receivers de-duplicate.
 */
import type { Ctx } from '../context.ts';
import type { MailTransport } from '../../lib/mailer.ts';
import { OutboundEmail } from '../../models/outbound-email.ts';
import { emailAfterFailure } from './email-retry.ts';

export { MAX_EMAIL_ATTEMPTS, EMAIL_RETRY_DELAYS_MS } from './email-retry.ts';

const LEASE_MS = 5 * 60_000;

export interface SendReport {
  claimed: number;
  sent: number;
  failed: number;
}

/** What sending an email reads of its row. */
export const EMAIL_ROW_COLUMNS = [
  'id',
  'toAddress',
  'subject',
  'textBody',
  'htmlBody',
  'headers',
  'attempts',
  'messageId',
] as const;

export type EmailRow = Pick<OutboundEmail, (typeof EMAIL_ROW_COLUMNS)[number]>;

/** Leases up to `limit` due emails to this worker (the pump claims as its send slots free up). */
export async function claimDueEmails(ctx: Ctx, limit: number): Promise<EmailRow[]> {
  if (limit <= 0) return [];
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const ids = await ctx.db.transaction(async (trx) => {
    const rows = await OutboundEmail.query(trx)
      .where({ status: 'PENDING' })
      .where('nextAttemptAt', '<=', now)
      .where((q) => {
        q.whereNull('lockedUntil').orWhere('lockedUntil', '<', now);
      })
      .orderBy('nextAttemptAt')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('id');
    const claimed = rows.map((r) => r.id);
    if (claimed.length)
      await OutboundEmail.query(trx).whereIn('id', claimed).patch({ lockedUntil: leaseUntil });
    return claimed;
  });
  if (!ids.length) return [];
  return OutboundEmail.query(ctx.db)
    .whereIn('id', ids)
    .select(...EMAIL_ROW_COLUMNS);
}

/** The Message-ID written at enqueue time (enqueue-email.ts); rows written before it existed get one from their id. */
function messageIdOf(ctx: Ctx, row: EmailRow): string {
  if (row.messageId) return row.messageId;
  const host = new URL(ctx.config.publicUrl).hostname || 'localhost';
  return `<email-${row.id}@${host}>`;
}

/**
 * MAIL_REPLY_TO, unless the email names its own (a recruiter's invitation): the account emails'
 * footer invites replies, and a MAIL_FROM such as no-reply@ reads none.
 */
function replyToOf(ctx: Ctx, row: EmailRow): { replyTo?: string } {
  const own = Object.keys(row.headers ?? {}).some((name) => name.toLowerCase() === 'reply-to');
  return ctx.config.mailReplyTo && !own ? { replyTo: ctx.config.mailReplyTo } : {};
}

/** Sends one leased email and records the outcome: SENT, or PENDING again with back-off, or FAILED. */
export async function sendOneEmail(ctx: Ctx, transport: MailTransport, row: EmailRow): Promise<boolean> {
  const attempts = row.attempts + 1;
  try {
    const info = await transport.send({
      from: ctx.config.mailFrom,
      ...replyToOf(ctx, row),
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      headers: row.headers,
      messageId: messageIdOf(ctx, row),
    });
    await OutboundEmail.query(ctx.db).findById(row.id).patch({
      status: 'SENT',
      attempts,
      sentAt: ctx.clock.now(),
      lockedUntil: null,
      lastError: null,
      messageId: info.messageId,
    });
    return true;
  } catch (err) {
    const { final: finalFailure, delayMs: delay } = emailAfterFailure(attempts);
    await OutboundEmail.query(ctx.db)
      .findById(row.id)
      .patch({
        status: finalFailure ? 'FAILED' : 'PENDING',
        attempts,
        lockedUntil: null,
        lastError: (err as Error).message?.slice(0, 1000) ?? 'send failed',
        nextAttemptAt: new Date(ctx.clock.now().getTime() + delay),
      });
    ctx.logger.warn(
      { emailId: row.id, attempts, final: finalFailure, err: { message: (err as Error).message } },
      'email send failed',
    );
    return false;
  }
}

export async function sendDueEmails(
  ctx: Ctx,
  transport: MailTransport,
  opts: { batchSize?: number; maxBatches?: number } = {},
): Promise<SendReport> {
  const report: SendReport = { claimed: 0, sent: 0, failed: 0 };
  for (let batch = 0; batch < (opts.maxBatches ?? 20); batch++) {
    const rows = await claimDueEmails(ctx, opts.batchSize ?? 50);
    if (!rows.length) break;
    report.claimed += rows.length;
    for (const row of rows) {
      if (await sendOneEmail(ctx, transport, row)) report.sent += 1;
      else report.failed += 1;
    }
  }
  return report;
}
