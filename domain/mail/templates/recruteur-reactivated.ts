/** Tells a recruiter that the account is active again, in its language. */
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruteurReactivatedEmail(input: {
  to: string;
  langue: Langue;
  prenom: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [c.common.greeting(input.prenom), c.recruiterReactivated.reactivated]);
  return {
    to: input.to,
    subject: c.recruiterReactivated.subject,
    template: 'recruiter-reactivated',
    ...body,
  };
}
