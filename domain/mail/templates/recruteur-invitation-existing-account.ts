/**
 * What the person at an invited address receives when that address already has an account: an
 * invitation to join a company cannot be used with it (an address serves one account), so this
 * says who invited them and what to do, in the account's language. The inviting owner gets the
 * same answer as for any address, so the invitation route does not tell which addresses have an
 * account.
 */
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruteurInvitationExistingAccountEmail(input: {
  to: string;
  langue: Langue;
  nomEntreprise: string;
  invitedBy: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [
    c.common.greeting(null),
    c.recruiterInvitation.existingAccount(input.invitedBy, input.nomEntreprise),
    c.recruiterInvitation.ignore,
  ]);
  return {
    to: input.to,
    subject: c.recruiterInvitation.subject(input.nomEntreprise),
    template: 'recruiter-invitation-existing-account',
    ...body,
  };
}
