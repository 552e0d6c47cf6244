/**
 * The emails of applications, in the addressee's language, all optional (each carries its
 * unsubscribe link in the footer and RFC 8058's List-Unsubscribe headers):
 * - to the candidate: the application was sent; its status moved in a way that matters to them;
 * - to a recruiter: a new application to an offer of its company, or the daily digest of them.
 * Links go to the frontend when FRONTEND_URL is set. Without one, a candidate's button opens the
 * offer's public page (the API's own routes want a token, and answer JSON); a recruiter's email
 * carries the candidate's contact and cover letter, and a reply reaches the candidate (Reply-To).
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import type { CandidatureStatus } from '../../models/candidature.ts';
import { mailText, simpleEmail, type EmailBlock, type EmailMessage } from '../mail/index.ts';
import { offrePageUrl } from '../shared/index.ts';
import {
  unsubscribeHeaders,
  unsubscribeToken,
  unsubscribeUrl,
  type NotificationKind,
} from './notification-links.ts';

/** The statuses a candidate hears about (NEW is the "received" email; MET changes nothing for them). */
export const NOTIFIED_STATUSES = ['IN_PROGRESS', 'TO_MEET', 'HIRED', 'REJECTED'] as const;
export type NotifiedStatus = (typeof NOTIFIED_STATUSES)[number];

export function isNotifiedStatus(status: CandidatureStatus): status is NotifiedStatus {
  return (NOTIFIED_STATUSES as readonly string[]).includes(status);
}

export interface Addressee {
  id: number;
  email: string;
  prenom: string | null;
  langue: Langue;
}

export interface AppliedTo {
  candidatureId: number;
  offreId: number;
  titre: string;
  entrepriseNom: string;
}

/** The cover letter as quoted in a recruiter's email: its start, cut at a word. */
const LETTER_EXCERPT = 1_000;

/** The frontend's page, when there is one. */
function frontendLink(ctx: Ctx, path: string): string | null {
  return ctx.config.frontendUrl ? `${ctx.config.frontendUrl}${path}` : null;
}

/** A candidate's button: the frontend's page of the application(s), else the offer's public page. */
function candidatAction(
  ctx: Ctx,
  c: ReturnType<typeof mailText>,
  a: AppliedTo,
  frontend: { label: string; path: string },
): { label: string; url: string } {
  const url = frontendLink(ctx, frontend.path);
  return url
    ? { label: frontend.label, url }
    : { label: c.common.viewOffre, url: offrePageUrl(ctx, a.offreId, a.titre) };
}

function excerpt(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= LETTER_EXCERPT) return trimmed;
  const cut = trimmed.slice(0, LETTER_EXCERPT);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), LETTER_EXCERPT / 2)).trimEnd()}…`;
}

/** The footer and headers of an optional email: why it comes, and the link that stops it. */
function optional(
  ctx: Ctx,
  secret: string,
  to: Addressee,
  kind: NotificationKind,
  why: string,
  stop: string,
) {
  const url = unsubscribeUrl(ctx, unsubscribeToken(secret, to.id, kind));
  return { footer: [why, { label: stop, url }], headers: unsubscribeHeaders(url) };
}

export function candidatureReceivedEmail(
  ctx: Ctx,
  secret: string,
  to: Addressee,
  a: AppliedTo,
): EmailMessage {
  const c = mailText(to.langue);
  const t = c.candidatureReceived;
  const subject = t.subject(a.titre);
  const { footer, headers } = optional(ctx, secret, to, 'candidatureRecue', t.why(c.layout.platform), t.stop);
  const body = simpleEmail(
    c,
    [c.common.greeting(to.prenom), t.received(a.titre, a.entrepriseNom), t.next],
    candidatAction(ctx, c, a, { label: t.action, path: '/candidat/candidatures' }),
    { title: subject, footer },
  );
  return { to: to.email, subject: subject.slice(0, 300), template: 'candidature-received', headers, ...body };
}

export function candidatureStatusEmail(
  ctx: Ctx,
  secret: string,
  to: Addressee,
  a: AppliedTo,
  status: NotifiedStatus,
): EmailMessage {
  const c = mailText(to.langue);
  const t = c.candidatureStatus;
  const subject = t.subject[status](a.titre);
  const { footer, headers } = optional(
    ctx,
    secret,
    to,
    'statutCandidature',
    t.why(c.layout.platform),
    t.stop,
  );
  const paragraphs = [c.common.greeting(to.prenom), t.body[status](a.titre, a.entrepriseNom)];
  // A rejection always gets the platform's kind wording, never the recruiter's internal reason.
  if (status === 'REJECTED') paragraphs.push(t.rejectedKind);
  const action = candidatAction(ctx, c, a, {
    label: t.action,
    path: `/candidat/candidatures/${a.candidatureId}`,
  });
  const body = simpleEmail(c, paragraphs, action, { title: subject, footer });
  return {
    to: to.email,
    subject: subject.slice(0, 300),
    template: `candidature-status-${status.toLowerCase().replace('_', '-')}`,
    headers,
    ...body,
  };
}

export interface NewApplication extends AppliedTo {
  /** Null once the candidate's data is anonymised. */
  candidatNom: string | null;
  candidatEmail: string | null;
  candidatTelephone: string | null;
  lettreMotivation: string | null;
  hasCv: boolean;
}

const candidatName = (c: ReturnType<typeof mailText>, a: NewApplication) =>
  a.candidatNom ?? c.unknownCandidate;

export function newCandidatureEmail(
  ctx: Ctx,
  secret: string,
  to: Addressee,
  a: NewApplication,
): EmailMessage {
  const c = mailText(to.langue);
  const t = c.newCandidature;
  const subject = t.subject(a.titre);
  const { footer, headers } = optional(
    ctx,
    secret,
    to,
    'candidaturesRecruteur',
    t.why(c.layout.platform),
    t.stop,
  );
  const paragraphs: EmailBlock[] = [c.common.greeting(to.prenom), t.received(candidatName(c, a), a.titre)];
  if (a.candidatEmail) paragraphs.push(t.contact(a.candidatEmail, a.candidatTelephone));
  if (a.hasCv) paragraphs.push(t.withCv);
  if (a.lettreMotivation?.trim()) paragraphs.push(t.letter, excerpt(a.lettreMotivation));
  if (a.candidatEmail) paragraphs.push(t.reply(candidatName(c, a)));
  const url = frontendLink(ctx, `/recruteur/candidatures/${a.candidatureId}`);
  const body = simpleEmail(c, paragraphs, url ? { label: t.action, url } : undefined, {
    title: subject,
    footer,
  });
  return {
    to: to.email,
    subject: subject.slice(0, 300),
    template: 'candidature-new',
    headers: a.candidatEmail ? { ...headers, 'Reply-To': a.candidatEmail } : headers,
    ...body,
  };
}

export function candidatureDigestEmail(
  ctx: Ctx,
  secret: string,
  to: Addressee,
  applications: NewApplication[],
): EmailMessage {
  const c = mailText(to.langue);
  const t = c.candidatureDigest;
  const n = applications.length;
  const url = frontendLink(ctx, '/recruteur/candidatures');
  const subject = t.subject(n);
  const { footer, headers } = optional(
    ctx,
    secret,
    to,
    'candidaturesRecruteur',
    c.newCandidature.why(c.layout.platform),
    c.newCandidature.stop,
  );
  const body = simpleEmail(
    c,
    [
      c.common.greeting(to.prenom),
      t.intro(n),
      applications.map((a) => t.line(candidatName(c, a), a.titre, a.candidatEmail)),
    ],
    url ? { label: t.action, url } : undefined,
    { title: subject, footer },
  );
  return { to: to.email, subject, template: 'candidature-digest', headers, ...body };
}
