/**
 * The mail transport (nodemailer): SMTP when SMTP_URL is set, else each message is written as an
 * .eml file under MAIL_DIR (var/mail by default), so development needs no mail server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';

export interface OutgoingMail {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
  /** Stable Message-ID, so a retry after an unknown outcome is recognisable by the receiver. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

function toNodemailer(mail: OutgoingMail) {
  return {
    from: mail.from,
    replyTo: mail.replyTo,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    headers: mail.headers ?? undefined,
    messageId: mail.messageId,
  };
}

/**
 * `pool` keeps up to `maxConnections` SMTP connections open and sends over them in turn (the
 * worker's email pump); without it each message opens its own connection. SMTP_URL's own `pool`
 * and `maxConnections` parameters win.
 */
function smtpUrlWith(smtpUrl: string, pool: { maxConnections: number } | undefined): string {
  if (!pool) return smtpUrl;
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections'))
    url.searchParams.set('maxConnections', String(pool.maxConnections));
  return url.toString();
}

export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailDir'>,
  opts: { timeoutMs?: number; pool?: { maxConnections: number } } = {},
): MailTransport {
  if (config.smtpUrl) {
    const timeout = opts.timeoutMs ?? 15_000;
    const transporter = nodemailer.createTransport(smtpUrlWith(config.smtpUrl, opts.pool), {});
    transporter.options = {
      ...transporter.options,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as typeof transporter.options;
    return {
      async send(mail) {
        const info = await transporter.sendMail(toNodemailer(mail));
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = (await transporter.sendMail(toNodemailer(mail))) as { messageId: string; message: Buffer };
      await mkdir(config.mailDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`;
      await writeFile(path.join(config.mailDir, file), info.message);
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
