/**
 * The two emails of job alerts: the confirmation of an alert created without an account, and the
 * daily digest. The digest carries the one-click unsubscribe of RFC 8058 (List-Unsubscribe +
 * List-Unsubscribe-Post headers). The header URL is always the API route, the only one sure to
 * accept the mail client's POST; the link in the body goes to the frontend when FRONTEND_URL is set.
 */
import type { Ctx } from '../context.ts';
import { emailLink, type EmailMessage } from '../mail/enqueue-email.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function unsubscribeApiUrl(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/v1/api/alertes/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function alertConfirmationEmail(
  ctx: Ctx,
  input: { to: string; keywords: string; token: string; validDays: number },
): EmailMessage {
  const url = emailLink(ctx, '/alertes/confirm', '/public/alertes/confirm', input.token);
  const text = [
    'Bonjour,',
    `Vous avez demandé à recevoir par email les nouvelles offres d’emploi correspondant à « ${input.keywords} ».`,
    `Confirmez cette alerte (lien valable ${input.validDays} jours) : ${url}`,
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : aucune alerte ne sera envoyée.',
  ];
  const html =
    `<p>Bonjour,</p><p>Vous avez demandé à recevoir par email les nouvelles offres d’emploi correspondant à « ${esc(input.keywords)} ».</p>` +
    `<p><a href="${esc(url)}">Confirmer mon alerte</a> (lien valable ${input.validDays} jours)</p>` +
    '<p>Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : aucune alerte ne sera envoyée.</p>';
  return {
    to: input.to,
    subject: 'Confirmez votre alerte emploi',
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
  input: { to: string; keywords: string; unsubscribeToken: string; offres: DigestOffre[] },
): EmailMessage {
  const n = input.offres.length;
  const listed = input.offres.slice(0, DIGEST_MAX_LISTED);
  const more = n - listed.length;
  const unsubscribe = emailLink(ctx, '/alertes/unsubscribe', '/alertes/unsubscribe', input.unsubscribeToken);
  const line = (o: DigestOffre) =>
    `${o.titre} — ${o.entrepriseNom} (${[o.villeNom, o.contractType].filter(Boolean).join(', ')})`;
  const intro = `${n} nouvelle${n > 1 ? 's' : ''} offre${n > 1 ? 's' : ''} pour votre alerte « ${input.keywords} » :`;
  const moreText = more > 0 ? `… et ${more} autre${more > 1 ? 's' : ''} offre${more > 1 ? 's' : ''}.` : null;
  const text = [
    'Bonjour,',
    intro,
    listed.map((o) => `- ${line(o)}\n  ${offreUrl(ctx, o.id)}`).join('\n'),
    ...(moreText ? [moreText] : []),
    `Pour ne plus recevoir cette alerte : ${unsubscribe}`,
  ].join('\n\n');
  const html =
    `<p>Bonjour,</p><p>${esc(intro)}</p><ul>` +
    listed
      .map(
        (o) =>
          `<li><a href="${esc(offreUrl(ctx, o.id))}">${esc(o.titre)}</a> — ${esc(o.entrepriseNom)}` +
          ` (${esc([o.villeNom, o.contractType].filter(Boolean).join(', '))})</li>`,
      )
      .join('') +
    '</ul>' +
    (moreText ? `<p>${esc(moreText)}</p>` : '') +
    `<p><a href="${esc(unsubscribe)}">Ne plus recevoir cette alerte</a></p>`;
  return {
    to: input.to,
    subject: `${n} nouvelle${n > 1 ? 's' : ''} offre${n > 1 ? 's' : ''} : ${input.keywords}`.slice(0, 300),
    template: 'job-alert',
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(ctx, input.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
