/**
 * The email a recruiter sends to pool members, in the shared layout (domain/mail/layout.ts): their
 * own message, and the offer when one is chosen, as a card. Replies go to the recruiter (Reply-To),
 * not to the platform's no-reply sender. Its button leads to accepting or declining being in the
 * pool (from the candidate account of that address); its footer and RFC 8058 headers carry a
 * one-click opt-out of every company's pool invitations (the header URL is always the API route,
 * which answers the mail client's POST). Written in the language of the account that has this
 * address, else in the inviting recruiter's.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import {
  mailText,
  type MailCatalogue,
  type EmailBlock,
  simpleEmail,
  type EmailMessage,
} from '../mail/index.ts';
import { offrePageUrl } from '../shared/index.ts';

export interface VivierInvitation {
  to: string;
  langue: Langue;
  prenom: string | null;
  nomEntreprise: string;
  recruteur: string;
  replyTo: string;
  message: string;
  offre: { id: number; titre: string } | null;
  optOutToken: string;
}

/** The offer, when one is chosen: a line saying so, and its card. */
function offreBlocks(ctx: Ctx, c: MailCatalogue, input: VivierInvitation): EmailBlock[] {
  if (!input.offre) return [];
  const card = {
    title: input.offre.titre,
    url: offrePageUrl(ctx, input.offre.id, input.offre.titre),
    lines: [input.nomEntreprise],
    linkLabel: c.common.viewOffre,
  };
  return [c.vivierInvitation.offre, { cards: [card] }];
}

/** The recruiter's own words: a blank line starts a paragraph, a line break stays one. */
const messageParagraphs = (message: string) =>
  message.split(/(?:\r?\n\s*){2,}/).filter((p) => p.trim() !== '');

export function vivierInvitationEmail(ctx: Ctx, input: VivierInvitation): EmailMessage {
  const optOutUrl = `${ctx.config.publicUrl}/v1/api/public/pool-invitations/opt-out?token=${encodeURIComponent(input.optOutToken)}`;
  const answerUrl = ctx.config.frontendUrl
    ? `${ctx.config.frontendUrl}/candidats/me/pool-invitations`
    : `${ctx.config.publicUrl}/v1/api/candidats/me/pool-invitations`;
  const c = mailText(input.langue);
  const t = c.vivierInvitation;
  const subject = (
    input.offre ? t.subjectWithOffre(input.nomEntreprise, input.offre.titre) : t.subject(input.nomEntreprise)
  ).slice(0, 300);
  const body = simpleEmail(
    c,
    [
      c.common.greeting(input.prenom),
      ...messageParagraphs(input.message),
      ...offreBlocks(ctx, c, input),
      `${input.recruteur}, ${input.nomEntreprise}`,
      t.consent(input.nomEntreprise),
    ],
    { label: t.answer, url: answerUrl },
    { title: subject, footer: [t.why(input.nomEntreprise), { label: t.stop, url: optOutUrl }] },
  );
  return {
    to: input.to,
    subject,
    template: 'vivier-invitation',
    ...body,
    headers: {
      'Reply-To': input.replyTo,
      'List-Unsubscribe': `<${optOutUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
