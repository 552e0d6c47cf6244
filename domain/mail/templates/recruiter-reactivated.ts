/** Tells a recruiter that the account is active again. */
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruiterReactivatedEmail(input: { to: string; prenom: string }): EmailMessage {
  const body = simpleEmail([
    `Bonjour ${input.prenom},`,
    'Votre compte recruteur est de nouveau actif. Vous pouvez vous reconnecter.',
  ]);
  return {
    to: input.to,
    subject: 'Votre compte recruteur est réactivé',
    template: 'recruiter-reactivated',
    ...body,
  };
}
