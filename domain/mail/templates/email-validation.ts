/** The email asking a new account to confirm its address. */
import type { Ctx } from '../../context.ts';
import { emailLink, simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function emailValidationEmail(
  ctx: Ctx,
  input: { to: string; prenom: string; token: string },
): EmailMessage {
  const url = emailLink(ctx, '/validate-email', '/auth/validate-email', input.token);
  const body = simpleEmail(
    [
      `Bonjour ${input.prenom},`,
      'Merci pour votre inscription. Confirmez votre adresse email pour activer votre compte.',
      'Ce lien est valable 48 heures. Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message.',
    ],
    { label: 'Confirmer mon adresse email', url },
  );
  return { to: input.to, subject: 'Confirmez votre adresse email', template: 'email-validation', ...body };
}
