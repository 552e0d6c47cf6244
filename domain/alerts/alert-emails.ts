/**
 * The two emails of job alerts, in the shared layout (domain/mail/layout.ts): the confirmation of
 * an alert created without an account, and the daily digest, whose offers show as cards. Both are
 * in the alert's language (its account's, else that of the request that made it).
 * The digest carries the one-click unsubscribe of RFC 8058 (List-Unsubscribe +
 * List-Unsubscribe-Post headers). The header URL is always the API route, the only one sure to
 * accept the mail client's POST; the link in the footer goes to the frontend when FRONTEND_URL is set.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import {
  mailText,
  type MailCatalogue,
  type EmailCard,
  emailLink,
  simpleEmail,
  type EmailMessage,
} from '../mail/index.ts';
import { offrePageUrl } from '../shared/index.ts';

export function unsubscribeApiUrl(ctx: Ctx, token: string): string {
  return `${ctx.config.publicUrl}/v1/api/alertes/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function alertConfirmationEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; keywords: string; token: string; validDays: number },
): EmailMessage {
  const c = mailText(input.langue);
  const t = c.alertConfirmation;
  const url = emailLink(ctx, '/alertes/confirm', '/public/alertes/confirm', input.token);
  const body = simpleEmail(
    c,
    [c.common.greeting(null), t.requested(input.keywords), t.validity(input.validDays), t.ignore],
    { label: t.action, url },
    { title: t.subject, footer: [t.why(c.layout.platform), t.stop] },
  );
  return { to: input.to, subject: t.subject, template: 'job-alert-confirmation', ...body };
}

export interface DigestOffre {
  id: number;
  titre: string;
  entrepriseNom: string;
  villeNom: string | null;
  contractType: string;
  /** Monthly, in XAF; either bound may be unknown. */
  salaireMin: number | null;
  salaireMax: number | null;
}

/** At most this many offers are listed in one email; the rest are counted. */
export const DIGEST_MAX_LISTED = 50;

/** An offer of the digest as a card: its title linking to it, the company, then where, contract and salary. */
function offreCard(ctx: Ctx, c: MailCatalogue, o: DigestOffre): EmailCard {
  const facts = [o.villeNom, o.contractType, c.jobAlert.salary(o.salaireMin, o.salaireMax)];
  return {
    title: o.titre,
    url: offrePageUrl(ctx, o.id, o.titre),
    lines: [o.entrepriseNom, facts.filter(Boolean).join(' · ')],
    linkLabel: c.common.viewOffre,
  };
}

export function jobAlertEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; keywords: string; unsubscribeToken: string; offres: DigestOffre[] },
): EmailMessage {
  const c = mailText(input.langue);
  const t = c.jobAlert;
  const n = input.offres.length;
  const listed = input.offres.slice(0, DIGEST_MAX_LISTED);
  const more = n - listed.length;
  const unsubscribe = emailLink(ctx, '/alertes/unsubscribe', '/alertes/unsubscribe', input.unsubscribeToken);
  const subject = t.subject(n, input.keywords).slice(0, 300);
  const body = simpleEmail(
    c,
    [
      c.common.greeting(null),
      t.intro(n, input.keywords),
      { cards: listed.map((o) => offreCard(ctx, c, o)) },
      ...(more > 0 ? [t.more(more)] : []),
    ],
    undefined,
    {
      title: subject,
      footer: [t.why(input.keywords, c.layout.platform), { label: t.unsubscribeAction, url: unsubscribe }],
    },
  );
  return {
    to: input.to,
    subject,
    template: 'job-alert',
    ...body,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiUrl(ctx, input.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
