/** Tells a recruiter that the account was refused, with the administrator's reason, in its language. */
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruteurRejectedEmail(input: {
  to: string;
  langue: Langue;
  prenom: string;
  reason: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    c.recruiterRejected.rejected,
    c.common.reason(input.reason),
    c.common.questions,
  ]);
  return { to: input.to, subject: c.recruiterRejected.subject, template: 'recruiter-rejected', ...body };
}
