/**
 * Emails are never sent inline: they are written to the email outbox (outbound_emails) with the
 * caller's database handle, in the transaction of the change that causes them, and the job runner
 * sends them with retries. An SMTP outage never fails a request and never loses an email.
 */
import type { Ctx } from '../context.ts';
import { signalOutboxWrite } from '../../lib/outbox-signal.ts';
import type { MailCatalogue } from './catalogue/fr.ts';
import { OutboundEmail } from '../../models/outbound-email.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Template name, for logs and tests ('email-validation', 'password-reset', ...). */
  template: string;
  headers?: Record<string, string>;
}

export async function enqueueEmail(ctx: Ctx, message: EmailMessage): Promise<number> {
  const { id } = await OutboundEmail.query(ctx.db).insert({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
    headers: message.headers ?? null,
    template: message.template,
    status: 'PENDING',
    nextAttemptAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
  });
  signalOutboxWrite(ctx.db, 'emails');
  return id;
}

/** A link for an email: to the frontend when FRONTEND_URL is set, else to the API route. */
export function emailLink(ctx: Ctx, frontendPath: string, apiPath: string, token: string): string {
  const q = `token=${encodeURIComponent(token)}`;
  return ctx.config.frontendUrl
    ? `${ctx.config.frontendUrl}${frontendPath}?${q}`
    : `${ctx.config.publicUrl}/v1/api${apiPath}?${q}`;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const esc = escapeHtml;

/** Plain text and HTML bodies from paragraphs and an optional call to action, in the catalogue's language. */
export function simpleEmail(
  c: MailCatalogue,
  paragraphs: string[],
  action?: { label: string; url: string },
): { text: string; html: string } {
  const text = [...paragraphs, ...(action ? [c.common.linkLine(action.label, action.url)] : [])].join('\n\n');
  const html =
    paragraphs.map((p) => `<p>${esc(p)}</p>`).join('') +
    (action ? `<p><a href="${esc(action.url)}">${esc(action.label)}</a></p>` : '');
  return { text, html };
}
