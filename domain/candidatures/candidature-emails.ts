/**
 * The emails of applications, in the addressee's language, all optional (each carries its
 * unsubscribe link in the footer and RFC 8058's List-Unsubscribe headers):
 * - to the candidate: the application was sent; its status moved in a way that matters to them;
 * - to a recruiter: a new application to an offer of its company, or the daily digest of them.
 * Links go to the frontend when FRONTEND_URL is set, else to the API routes.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import type { CandidatureStatus } from '../../models/candidature.ts';
import { mailText, simpleEmail, type EmailMessage } from '../mail/index.ts';
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
  titre: string;
  entrepriseNom: string;
}

function link(ctx: Ctx, frontendPath: string, apiPath: string): string {
  return ctx.config.frontendUrl
    ? `${ctx.config.frontendUrl}${frontendPath}`
    : `${ctx.config.publicUrl}/v1/api${apiPath}`;
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
    { label: t.action, url: link(ctx, '/candidat/candidatures', '/candidats/me/candidatures') },
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
  const url = link(ctx, `/candidat/candidatures/${a.candidatureId}`, `/candidatures/${a.candidatureId}`);
  const body = simpleEmail(c, paragraphs, { label: t.action, url }, { title: subject, footer });
  return {
    to: to.email,
    subject: subject.slice(0, 300),
    template: `candidature-status-${status.toLowerCase().replace('_', '-')}`,
    headers,
    ...body,
  };
}

export interface NewApplication extends AppliedTo {
  candidatNom: string | null;
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
  const paragraphs = [c.common.greeting(to.prenom), t.received(candidatName(c, a), a.titre)];
  if (a.hasCv) paragraphs.push(t.withCv);
  const url = link(ctx, `/recruteur/candidatures/${a.candidatureId}`, `/candidatures/${a.candidatureId}`);
  const body = simpleEmail(c, paragraphs, { label: t.action, url }, { title: subject, footer });
  return { to: to.email, subject: subject.slice(0, 300), template: 'candidature-new', headers, ...body };
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
    [c.common.greeting(to.prenom), t.intro(n), applications.map((a) => t.line(candidatName(c, a), a.titre))],
    { label: t.action, url: link(ctx, '/recruteur/candidatures', '/recruiters/me/offres') },
    { title: subject, footer },
  );
  return { to: to.email, subject, template: 'candidature-digest', headers, ...body };
}
