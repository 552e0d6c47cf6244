/**
 * Sends a test's own emails from the outbox through SMTP, with the outbox's own send step
 * (sendOneEmail, what the job runner's `emails:send` does for each row it leases). Only the
 * due rows to the given address: the suite shares one database, and sending every due row
 * would also send what earlier test files queued (hundreds of emails, tens of seconds).
 */
import { createMailTransport } from '../../lib/mailer.ts';
import { EMAIL_ROW_COLUMNS, sendOneEmail, type EmailRow } from '../../domain/mail/send-due-emails.ts';
import { OutboundEmail } from '../../models/outbound-email.ts';
import { domainCtx } from './app.ts';

export async function sendOutboxTo(smtpUrl: string, toAddress: string): Promise<number> {
  const ctx = domainCtx();
  const rows: EmailRow[] = await OutboundEmail.query(ctx.db)
    .where({ status: 'PENDING', toAddress })
    .where('nextAttemptAt', '<=', ctx.clock.now())
    .orderBy('id')
    .select(...EMAIL_ROW_COLUMNS);
  const transport = createMailTransport({ smtpUrl, mailDir: '' });
  try {
    let sent = 0;
    for (const row of rows) if (await sendOneEmail(ctx, transport, row)) sent += 1;
    return sent;
  } finally {
    transport.close();
  }
}
