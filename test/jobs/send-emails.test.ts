import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ManualClock } from '../../lib/clock.ts';
import { createMailTransport } from '../../lib/mailer.ts';
import { enqueueEmail } from '../../domain/mail/enqueue-email.ts';
import {
  EMAIL_RETRY_DELAYS_MS,
  MAX_EMAIL_ATTEMPTS,
  sendDueEmails,
} from '../../domain/mail/send-due-emails.ts';
import { domainCtx } from '../helpers/app.ts';
import { testDb, testEnv } from '../helpers/env.ts';
import { SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { simpleParser } from 'mailparser';
import { uniqueEmail } from '../helpers/unique.ts';

describe('Email outbox delivery (emails:send)', () => {
  let smtp: SmtpReceiver;
  beforeEach(async () => {
    // Each test starts from an outbox where nothing else is due.
    await testDb()('outboundEmails').where({ status: 'PENDING' }).update({ status: 'FAILED' });
    smtp = await new SmtpReceiver().start();
  });
  afterEach(() => smtp.stop());

  it('sends queued emails through SMTP with text, html and custom headers, once', async () => {
    const clock = new ManualClock('2026-11-20T08:00:00Z');
    const ctx = domainCtx(undefined, { clock });
    const to = uniqueEmail('mail');
    const id = await enqueueEmail(ctx, {
      to,
      subject: 'Bienvenue',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      template: 'test',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const transport = createMailTransport({ smtpUrl: smtp.url, mailDir: '' });
    const report = await sendDueEmails(ctx, transport);
    transport.close();
    expect(report).to.deep.equal({ claimed: 1, sent: 1, failed: 0 });
    const mail = smtp.received.find((m) => m.to.includes(to));
    expect(mail?.raw)
      .to.contain('Subject: Bienvenue')
      .and.contain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const row = await testDb()('outboundEmails').where({ id }).first();
    expect(row.status).to.equal('SENT');
    expect(row.attempts).to.equal(1);
    const again = await sendDueEmails(ctx, createMailTransport({ smtpUrl: smtp.url, mailDir: '' }));
    expect(again.claimed).to.equal(0);
  });

  it('keeps emails while SMTP is down and sends each exactly once when it returns', async () => {
    const clock = new ManualClock('2026-11-20T08:00:00Z');
    const ctx = domainCtx(undefined, { clock });
    const recipients = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    for (const to of recipients)
      await enqueueEmail(ctx, { to, subject: 'Outage', text: 'x', template: 'test' });
    const port = smtp.port;
    await smtp.stop();
    const down = await sendDueEmails(
      ctx,
      createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '' }, { timeoutMs: 2000 }),
    );
    expect(down).to.deep.equal({ claimed: 3, sent: 0, failed: 3 });
    const rows = await testDb()('outboundEmails').whereIn('toAddress', recipients);
    for (const r of rows) {
      expect(r.status).to.equal('PENDING');
      expect(new Date(r.nextAttemptAt).getTime()).to.equal(clock.now().getTime() + EMAIL_RETRY_DELAYS_MS[0]);
    }
    // Nothing is due before the back-off delay.
    const early = await sendDueEmails(
      ctx,
      createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailDir: '' }),
    );
    expect(early.claimed).to.equal(0);
    await smtp.start(port);
    clock.advance(EMAIL_RETRY_DELAYS_MS[0]);
    const up = await sendDueEmails(ctx, createMailTransport({ smtpUrl: smtp.url, mailDir: '' }));
    expect(up.sent).to.equal(3);
    for (const to of recipients) expect(smtp.received.filter((m) => m.to.includes(to))).to.have.length(1);
  });

  it('gives up after the last attempt and marks the email FAILED', async () => {
    const clock = new ManualClock('2026-11-20T08:00:00Z');
    const ctx = domainCtx(undefined, { clock });
    const to = uniqueEmail('never');
    const id = await enqueueEmail(ctx, { to, subject: 'x', text: 'x', template: 'test' });
    const failing = {
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
      close: () => undefined,
    };
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS; i++) {
      const r = await sendDueEmails(ctx, failing);
      expect(r.failed).to.equal(1);
      clock.advance(24 * 3600_000);
    }
    const row = await testDb()('outboundEmails').where({ id }).first();
    expect(row).to.include({ status: 'FAILED', attempts: MAX_EMAIL_ATTEMPTS });
    expect(row.lastError).to.contain('550');
  });

  it('MAIL_REPLY_TO is the Reply-To of every email that does not name its own', async () => {
    const ctx = domainCtx(undefined, {
      config: { mailFrom: 'Recrutement <no-reply@example.cm>', mailReplyTo: 'Support <support@example.cm>' },
    });
    const plain = uniqueEmail('reply');
    const invited = uniqueEmail('reply');
    await enqueueEmail(ctx, { to: plain, subject: 'Compte', text: 'Bonjour', template: 'test' });
    await enqueueEmail(ctx, {
      to: invited,
      subject: 'Invitation',
      text: 'Bonjour',
      template: 'test',
      headers: { 'Reply-To': 'recruteur@example.cm' },
    });
    const transport = createMailTransport({ smtpUrl: smtp.url, mailDir: '' });
    await sendDueEmails(ctx, transport);
    transport.close();
    const parsed = async (to: string) => simpleParser(smtp.received.find((m) => m.to.includes(to))!.raw);
    const account = await parsed(plain);
    expect(account.from?.value).to.deep.equal([{ address: 'no-reply@example.cm', name: 'Recrutement' }]);
    expect(account.replyTo?.value).to.deep.equal([{ address: 'support@example.cm', name: 'Support' }]);
    const invitation = await parsed(invited);
    expect(invitation.replyTo?.value).to.deep.equal([{ address: 'recruteur@example.cm', name: '' }]);
    expect(invitation.headerLines.filter((h) => h.key === 'reply-to')).to.have.length(1);
  });

  it('writes .eml files when SMTP_URL is not set', async () => {
    const ctx = domainCtx();
    const to = uniqueEmail('eml');
    await enqueueEmail(ctx, { to, subject: 'Fichier', text: 'contenu', template: 'test' });
    const mailDir = path.join(testEnv().tmpDir, 'eml-test');
    const report = await sendDueEmails(ctx, createMailTransport({ smtpUrl: null, mailDir }));
    expect(report.sent).to.equal(1);
    const files = readdirSync(mailDir);
    expect(files).to.have.length(1);
    expect(readFileSync(path.join(mailDir, files[0]), 'utf8')).to.contain(`To: ${to}`);
  });
});
