/** Tells a recruiter that an administrator validated the account. */
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruiterApprovedEmail(input: {
  to: string;
  prenom: string;
  nomEntreprise: string;
}): EmailMessage {
  const body = simpleEmail([
    `Bonjour ${input.prenom},`,
    `Votre compte recruteur pour ${input.nomEntreprise} a été validé par notre équipe.`,
    'Vous pouvez dès maintenant publier des offres et gérer vos candidatures.',
  ]);
  return {
    to: input.to,
    subject: 'Votre compte recruteur est validé',
    template: 'recruiter-approved',
    ...body,
  };
}
