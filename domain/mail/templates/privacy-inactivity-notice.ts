/** The notice sent 30 days before an inactive candidate account is anonymised. */
import type { Ctx } from '../../context.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function privacyInactivityNoticeEmail(
  ctx: Ctx,
  input: { to: string; prenom: string; lastActivityAt: Date; anonymiseAfter: Date },
): EmailMessage {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const url = ctx.config.frontendUrl ?? `${ctx.config.publicUrl}/docs`;
  const body = simpleEmail(
    [
      `Bonjour ${input.prenom},`,
      `Votre compte candidat n’a pas été utilisé depuis le ${day(input.lastActivityAt)}. Sans connexion, candidature ou modification de votre profil d’ici le ${day(input.anonymiseAfter)}, il sera supprimé : vos candidatures resteront chez les recruteurs sous forme anonyme.`,
      'Pour garder votre compte, il suffit de vous connecter.',
    ],
    { label: 'Me connecter', url },
  );
  return {
    to: input.to,
    subject: 'Votre compte sera bientôt supprimé pour inactivité',
    template: 'privacy-inactivity-notice',
    ...body,
  };
}
