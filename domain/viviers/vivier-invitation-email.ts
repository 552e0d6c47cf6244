/**
 * The email a recruiter sends to pool members: their own message, and the offer when one is
 * chosen. Replies go to the recruiter (Reply-To), not to the platform's no-reply sender.
 */
import type { Ctx } from '../context.ts';
import type { EmailMessage } from '../mail/enqueue-email.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function vivierInvitationEmail(
  ctx: Ctx,
  input: {
    to: string;
    prenom: string | null;
    nomEntreprise: string;
    recruteur: string;
    replyTo: string;
    message: string;
    offre: { id: number; titre: string } | null;
  },
): EmailMessage {
  const offreUrl = input.offre
    ? ctx.config.frontendUrl
      ? `${ctx.config.frontendUrl}/offres/${input.offre.id}`
      : `${ctx.config.publicUrl}/v1/api/public/offres/${input.offre.id}`
    : null;
  const greeting = input.prenom ? `Bonjour ${input.prenom},` : 'Bonjour,';
  const footer = `Vous recevez ce message car vous figurez dans le vivier de talents de ${input.nomEntreprise}.`;
  const offreLine = input.offre && offreUrl ? `Offre : ${input.offre.titre} — ${offreUrl}` : null;
  const text = [
    greeting,
    input.message,
    ...(offreLine ? [offreLine] : []),
    `${input.recruteur}, ${input.nomEntreprise}`,
    footer,
  ].join('\n\n');
  const html =
    `<p>${esc(greeting)}</p>` +
    input.message
      .split(/\n{2,}/)
      .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
      .join('') +
    (input.offre && offreUrl ? `<p><a href="${esc(offreUrl)}">${esc(input.offre.titre)}</a></p>` : '') +
    `<p>${esc(input.recruteur)}, ${esc(input.nomEntreprise)}</p><p><small>${esc(footer)}</small></p>`;
  return {
    to: input.to,
    subject: (input.offre
      ? `${input.nomEntreprise} : ${input.offre.titre}`
      : `${input.nomEntreprise} vous invite`
    ).slice(0, 300),
    template: 'vivier-invitation',
    text,
    html,
    headers: { 'Reply-To': input.replyTo },
  };
}
