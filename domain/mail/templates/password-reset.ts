/** The email carrying a password-reset link (single use, valid one hour). */
import type { Ctx } from '../../context.ts';
import { emailLink, simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function passwordResetEmail(
  ctx: Ctx,
  input: { to: string; prenom: string | null; token: string },
): EmailMessage {
  const url = emailLink(ctx, '/reset-password', '/auth/reset-password', input.token);
  const body = simpleEmail(
    [
      input.prenom ? `Bonjour ${input.prenom},` : 'Bonjour,',
      'Vous avez demandé la réinitialisation de votre mot de passe. Ce lien est valable 1 heure et ne peut servir qu’une fois.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ],
    { label: 'Choisir un nouveau mot de passe', url },
  );
  return {
    to: input.to,
    subject: 'Réinitialisation de votre mot de passe',
    template: 'password-reset',
    ...body,
  };
}
