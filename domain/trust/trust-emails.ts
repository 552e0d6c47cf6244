/** The emails of domain/trust, in the reader's language; every sentence is in the mail catalogues (`trust`). */
import type { Langue } from '../../models/account.ts';
import { mailText, simpleEmail, type EmailMessage } from '../mail/index.ts';

export function offreHeldEmail(input: {
  to: string;
  langue: Langue;
  prenom: string | null;
  titre: string;
  reasons: string[];
}): EmailMessage {
  const c = mailText(input.langue);
  const t = c.trust;
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    t.held(input.titre),
    t.heldWhy,
    input.reasons.map((r) => t.reasonLabel(r)),
    t.heldFix,
    c.common.questions,
  ]);
  return { to: input.to, subject: t.heldSubject(input.titre).slice(0, 300), template: 'offre-held', ...body };
}

export function offreDecisionEmail(input: {
  to: string;
  langue: Langue;
  prenom: string | null;
  titre: string;
  decision: 'RELEASED' | 'REJECTED';
  reason: string | null;
}): EmailMessage {
  const c = mailText(input.langue);
  const t = c.trust;
  const released = input.decision === 'RELEASED';
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    released ? t.released(input.titre) : t.rejected(input.titre),
    ...(input.reason ? [c.common.reason(input.reason)] : []),
    c.common.questions,
  ]);
  const subject = released ? t.releasedSubject(input.titre) : t.rejectedSubject(input.titre);
  return {
    to: input.to,
    subject: subject.slice(0, 300),
    template: released ? 'offre-released' : 'offre-rejected',
    ...body,
  };
}

export function reportOutcomeEmail(input: {
  to: string;
  langue: Langue;
  titre: string;
  removed: boolean;
}): EmailMessage {
  const c = mailText(input.langue);
  const t = c.trust;
  const body = simpleEmail(c, [
    c.common.greeting(null),
    input.removed ? t.reportedRemoved(input.titre) : t.reportedKept(input.titre),
    t.applyingIsFree,
  ]);
  return {
    to: input.to,
    subject: t.reportedOutcomeSubject(input.titre).slice(0, 300),
    template: 'offre-report-outcome',
    ...body,
  };
}

export function domainVerificationEmail(input: {
  to: string;
  langue: Langue;
  nomEntreprise: string;
  domain: string;
  url: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const t = c.trust;
  const body = simpleEmail(c, [c.common.greeting(null), t.domain(input.nomEntreprise, input.domain)], {
    label: t.domainAction,
    url: input.url,
  });
  return { to: input.to, subject: t.domainSubject, template: 'company-domain-verification', ...body };
}

export function verificationWithdrawnEmail(input: {
  to: string;
  langue: Langue;
  prenom: string | null;
  nomEntreprise: string;
  reason: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const t = c.trust;
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    t.withdrawn(input.nomEntreprise),
    c.common.reason(input.reason),
    c.common.questions,
  ]);
  return { to: input.to, subject: t.withdrawnSubject, template: 'company-verification-withdrawn', ...body };
}
