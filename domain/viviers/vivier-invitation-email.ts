/**
 * The email a recruiter sends to pool members: their own message, and the offer when one is
 * chosen. Replies go to the recruiter (Reply-To), not to the platform's no-reply sender. It says
 * how to accept or decline being in the pool (from the candidate account of that address), and
 * carries a one-click opt-out of every company's pool invitations (RFC 8058 headers; the header
 * URL is always the API route, which answers the mail client's POST). Written in the language of
 * the account that has this address, else in the inviting recruiter's.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { mailText } from '../mail/catalogue/mail-text.ts';
import { escapeHtml as esc, type EmailMessage } from '../mail/enqueue-email.ts';

export function vivierInvitationEmail(
  ctx: Ctx,
  input: {
    to: string;
    langue: Langue;
    prenom: string | null;
    nomEntreprise: string;
    recruteur: string;
    replyTo: string;
    message: string;
    offre: { id: number; titre: string } | null;
    optOutToken: string;
  },
): EmailMessage {
  const optOutUrl = `${ctx.config.publicUrl}/v1/api/public/pool-invitations/opt-out?token=${encodeURIComponent(input.optOutToken)}`;
  const answerUrl = ctx.config.frontendUrl
    ? `${ctx.config.frontendUrl}/candidats/me/pool-invitations`
    : `${ctx.config.publicUrl}/v1/api/candidats/me/pool-invitations`;
  const offreUrl = input.offre
    ? ctx.config.frontendUrl
      ? `${ctx.config.frontendUrl}/offres/${input.offre.id}`
      : `${ctx.config.publicUrl}/v1/api/public/offres/${input.offre.id}`
    : null;
  const c = mailText(input.langue);
  const greeting = c.common.greeting(input.prenom);
  const consent = c.vivierInvitation.consent(answerUrl, input.nomEntreprise);
  const footer = c.vivierInvitation.footer(input.nomEntreprise, optOutUrl);
  const offreLine = input.offre && offreUrl ? c.vivierInvitation.offre(input.offre.titre, offreUrl) : null;
  const text = [
    greeting,
    input.message,
    ...(offreLine ? [offreLine] : []),
    `${input.recruteur}, ${input.nomEntreprise}`,
    consent,
    footer,
  ].join('\n\n');
  const html =
    `<p>${esc(greeting)}</p>` +
    input.message
      .split(/\n{2,}/)
      .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
      .join('') +
    (input.offre && offreUrl ? `<p><a href="${esc(offreUrl)}">${esc(input.offre.titre)}</a></p>` : '') +
    `<p>${esc(input.recruteur)}, ${esc(input.nomEntreprise)}</p><p>${esc(consent)}</p><p><small>${esc(footer)}</small></p>`;
  return {
    to: input.to,
    subject: (input.offre
      ? c.vivierInvitation.subjectWithOffre(input.nomEntreprise, input.offre.titre)
      : c.vivierInvitation.subject(input.nomEntreprise)
    ).slice(0, 300),
    template: 'vivier-invitation',
    text,
    html,
    headers: {
      'Reply-To': input.replyTo,
      'List-Unsubscribe': `<${optOutUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
