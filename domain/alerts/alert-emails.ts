/**
 * The two emails of job alerts: the confirmation of an alert created without an account, and the
 * daily digest, in the alert's language (its account's, else that of the request that made it).
 * The digest carries the one-click unsubscribe of RFC 8058 (List-Unsubscribe +
 * List-Unsubscribe-Post headers). The header URL is always the API route, the only one sure to
 * accept the mail client's POST; the link in the body goes to the frontend when FRONTEND_URL is set.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { mailText } from '../mail/catalogue/mail-text.ts';
import { emailLink, escapeHtml as esc, type EmailMessage } from '../mail/enqueue-email.ts';

export function unsubscribeApiUrl(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/v1/api/alertes/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function alertConfirmationEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; keywords: string; token: string; validDays: number },
): EmailMessage {
  const c = mailText(input.langue);
  const url = emailLink(ctx, '/alertes/confirm', '/public/alertes/confirm', input.token);
  const requested = c.alertConfirmation.requested(input.keywords);
  const text = [
    c.common.greeting(null),
    requested,
    c.alertConfirmation.confirmLine(input.validDays, url),
    c.alertConfirmation.ignore,
  ];
  const html =
    `<p>${esc(c.common.greeting(null))}</p><p>${esc(requested)}</p>` +
    `<p><a href="${esc(url)}">${esc(c.alertConfirmation.action)}</a> ${esc(c.alertConfirmation.validity(input.validDays))}</p>` +
    `<p>${esc(c.alertConfirmation.ignore)}</p>`;
  return {
    to: input.to,
    subject: c.alertConfirmation.subject,
    template: 'job-alert-confirmation',
    text: text.join('\n\n'),
    html,
  };
}

export interface DigestOffre {
  id: number;
  titre: string;
  entrepriseNom: string;
  villeNom: string | null;
  contractType: string;
}

/** At most this many offers are listed in one email; the rest are counted, with a link to search. */
export const DIGEST_MAX_LISTED = 50;

function offreUrl(ctx: Ctx, offreId: number): string {
  return ctx.config.frontendUrl
    ? `${ctx.config.frontendUrl}/offres/${offreId}`
    : `${ctx.config.publicUrl}/v1/api/public/offres/${offreId}`;
}

export function jobAlertEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; keywords: string; unsubscribeToken: string; offres: DigestOffre[] },
): EmailMessage {
  const c = mailText(input.langue);
  const n = input.offres.length;
  const listed = input.offres.slice(0, DIGEST_MAX_LISTED);
  const more = n - listed.length;
  const unsubscribe = emailLink(ctx, '/alertes/unsubscribe', '/alertes/unsubscribe', input.unsubscribeToken);
  const line = (o: DigestOffre) =>
    `${o.titre} — ${o.entrepriseNom} (${[o.villeNom, o.contractType].filter(Boolean).join(', ')})`;
  const greeting = c.common.greeting(null);
  const intro = c.jobAlert.intro(n, input.keywords);
  const moreText = more > 0 ? c.jobAlert.more(more) : null;
  const text = [
    greeting,
    intro,
    listed.map((o) => `- ${line(o)}\n  ${offreUrl(ctx, o.id)}`).join('\n'),
    ...(moreText ? [moreText] : []),
    c.jobAlert.unsubscribeLine(unsubscribe),
  ].join('\n\n');
  const html =
    `<p>${esc(greeting)}</p><p>${esc(intro)}</p><ul>` +
    listed
      .map(
        (o) =>
          `<li><a href="${esc(offreUrl(ctx, o.id))}">${esc(o.titre)}</a> — ${esc(o.entrepriseNom)}` +
          ` (${esc([o.villeNom, o.contractType].filter(Boolean).join(', '))})</li>`,
      )
      .join('') +
    '</ul>' +
    (moreText ? `<p>${esc(moreText)}</p>` : '') +
    `<p><a href="${esc(unsubscribe)}">${esc(c.jobAlert.unsubscribeAction)}</a></p>`;
  return {
    to: input.to,
    subject: c.jobAlert.subject(n, input.keywords).slice(0, 300),
    template: 'job-alert',
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(ctx, input.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
