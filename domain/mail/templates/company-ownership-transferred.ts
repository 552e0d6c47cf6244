/** Tells a recruiter it has become the OWNER of its company (ownership transfer). */
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function companyOwnershipTransferredEmail(input: {
  to: string;
  prenom: string;
  nomEntreprise: string;
  previousOwner: string;
}): EmailMessage {
  const body = simpleEmail([
    `Bonjour ${input.prenom},`,
    `${input.previousOwner} vous a transféré la gestion de ${input.nomEntreprise} : vous en êtes désormais le propriétaire (OWNER).`,
    'Vous pouvez modifier la fiche de l’entreprise, inviter des recruteurs et transférer à nouveau ce rôle.',
  ]);
  return {
    to: input.to,
    subject: `Vous gérez désormais ${input.nomEntreprise}`,
    template: 'company-ownership-transferred',
    ...body,
  };
}
