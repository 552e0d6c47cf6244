/** Tells a recruiter it has become the OWNER of its company (ownership transfer), in its language. */
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function entrepriseOwnershipTransferredEmail(input: {
  to: string;
  langue: Langue;
  prenom: string;
  nomEntreprise: string;
  previousOwner: string;
}): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [
    c.common.greeting(input.prenom),
    c.ownershipTransferred.transferred(input.previousOwner, input.nomEntreprise),
    c.ownershipTransferred.next,
  ]);
  return {
    to: input.to,
    subject: c.ownershipTransferred.subject(input.nomEntreprise),
    template: 'company-ownership-transferred',
    ...body,
  };
}
