/** Tells a recruiter that the account was refused, with the administrator's reason. */
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruiterRejectedEmail(input: { to: string; prenom: string; reason: string }): EmailMessage {
  const body = simpleEmail([
    `Bonjour ${input.prenom},`,
    'Après examen, votre demande de compte recruteur n’a pas été acceptée.',
    `Motif : ${input.reason}`,
    'Pour toute question, répondez à ce message.',
  ]);
  return {
    to: input.to,
    subject: 'Votre demande de compte recruteur',
    template: 'recruiter-rejected',
    ...body,
  };
}
