/**
 * Emails are never sent inline: they are written to the email outbox (outbound_emails) with the
 * caller's database handle, in the transaction of the change that causes them, and the job runner
 * sends them with retries. An SMTP outage never fails a request and never loses an email.
 * Each email gets its Message-ID here, once: a random part and the PUBLIC_URL host, so it is unique
 * across database resets (ids restart) and the same on every retry (receivers de-duplicate).
 */
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { signalOutboxWrite } from '../../lib/outbox-signal.ts';
import type { MailCatalogue } from './catalogue/fr.ts';
import { OutboundEmail } from '../../models/outbound-email.ts';
import {
  emailHtml,
  emailText,
  escapeHtml,
  type EmailBlock,
  type EmailContent,
  type FooterLine,
} from './layout.ts';

export { escapeHtml };

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The email in the shared layout: its HTML is rendered when the email is written (layout.ts). */
  layout?: { catalogue: MailCatalogue; content: EmailContent };
  /** Template name, for logs and tests ('email-validation', 'password-reset', ...). */
  template: string;
  headers?: Record<string, string>;
}

/** The HTML part: written by the template, or rendered in the shared layout. */
export async function htmlOf(message: EmailMessage): Promise<string | null> {
  if (message.html !== undefined) return message.html;
  return message.layout ? emailHtml(message.layout.catalogue, message.layout.content) : null;
}

export async function enqueueEmail(ctx: Ctx, message: EmailMessage): Promise<number> {
  const htmlBody = await htmlOf(message);
  const { id } = await OutboundEmail.query(ctx.db).insert({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody,
    headers: message.headers ?? null,
    template: message.template,
    messageId: newMessageId(ctx.config.publicUrl),
    status: 'PENDING',
    nextAttemptAt: ctx.clock.now(),
    createdAt: ctx.clock.now(),
  });
  signalOutboxWrite(ctx.db, 'emails');
  return id;
}

export function newMessageId(publicUrl: string): string {
  const host = new URL(publicUrl).hostname || 'localhost';
  return `<${randomUUID()}@${host}>`;
}

/** Several emails in one statement (a use case that writes many keeps its transaction short). */
export async function enqueueEmails(ctx: Ctx, messages: EmailMessage[]): Promise<void> {
  if (!messages.length) return;
  const now = ctx.clock.now();
  const html = await Promise.all(messages.map(htmlOf));
  // One multi-row INSERT: Objection inserts rows one by one on MySQL.
  await ctx.db(OutboundEmail.tableName).insert(
    messages.map((m, i) => ({
      toAddress: m.to,
      subject: m.subject,
      textBody: m.text,
      htmlBody: html[i],
      headers: m.headers ? JSON.stringify(m.headers) : null,
      template: m.template,
      messageId: newMessageId(ctx.config.publicUrl),
      status: 'PENDING',
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  signalOutboxWrite(ctx.db, 'emails');
}

/**
 * The API's own HTML landing page for the token link of an API route (api/pages/landing-pages.ts):
 * a person who opens the link reads a page in the account's language, never JSON. The JSON routes
 * stay for API clients. The password-reset route is a page already.
 */
export const LANDING_PAGE_OF_API_PATH: Readonly<Record<string, string>> = {
  '/auth/validate-email': '/email/validation',
  '/public/alertes/confirm': '/alertes/confirmation',
  '/alertes/unsubscribe': '/alertes/desinscription',
};

/** A link for an email: to the frontend when FRONTEND_URL is set, else to the API's landing page (or route). */
export function emailLink(ctx: Ctx, frontendPath: string, apiPath: string, token: string): string {
  const q = `token=${encodeURIComponent(token)}`;
  if (ctx.config.frontendUrl) return `${ctx.config.frontendUrl}${frontendPath}?${q}`;
  const landing = LANDING_PAGE_OF_API_PATH[apiPath];
  return landing ? `${ctx.config.publicUrl}${landing}?${q}` : `${ctx.config.publicUrl}/v1/api${apiPath}?${q}`;
}

/**
 * An email in the shared layout (layout.ts) from paragraphs and an optional call to action, in the
 * catalogue's language: its text part, and what the outbox renders its HTML part from. `title`
 * defaults to the platform's name, the footer to "about your account".
 */
export function simpleEmail(
  c: MailCatalogue,
  paragraphs: EmailBlock[],
  action?: { label: string; url: string },
  opts: { title?: string; footer?: FooterLine[] } = {},
): Pick<EmailMessage, 'text' | 'layout'> {
  const content: EmailContent = {
    title: opts.title ?? c.layout.platform,
    paragraphs,
    ...(action ? { action } : {}),
    ...(opts.footer ? { footer: opts.footer } : {}),
  };
  return { text: emailText(c, content), layout: { catalogue: c, content } };
}
