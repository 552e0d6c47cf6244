/** Tells a recruiter that an administrator validated the account, in its language. */
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruiterApprovedEmail(input: {
  to: string;
  langue: Langue;
  prenom: string;
  nomEntreprise: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    c.recruiterApproved.approved(input.nomEntreprise),
    c.recruiterApproved.next,
  ]);
  return { to: input.to, subject: c.recruiterApproved.subject, template: 'recruiter-approved', ...body };
}
