/** Tells a recruiter that the account was suspended, with the administrator's reason. */
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruiterSuspendedEmail(input: { to: string; prenom: string; reason: string }): EmailMessage {
  const body = simpleEmail([
    `Bonjour ${input.prenom},`,
    'Votre compte recruteur a été suspendu : vous ne pouvez plus vous connecter pour le moment.',
    `Motif : ${input.reason}`,
    'Pour toute question, répondez à ce message.',
  ]);
  return {
    to: input.to,
    subject: 'Votre compte recruteur est suspendu',
    template: 'recruiter-suspended',
    ...body,
  };
}
