/** Tells a recruiter that the account was suspended, with the administrator's reason, in its language. */
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruteurSuspendedEmail(input: {
  to: string;
  langue: Langue;
  prenom: string;
  reason: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    c.recruiterSuspended.suspended,
    c.common.reason(input.reason),
    c.common.questions,
  ]);
  return {
    to: input.to,
    subject: c.recruiterSuspended.subject,
    template: 'recruiter-suspended',
    ...body,
  };
}
