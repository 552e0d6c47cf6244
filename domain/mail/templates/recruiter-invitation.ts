/**
 * The invitation to join a company as a recruiter. The token goes with POST /recruiters/register
 * as `invitationToken`; there is no API page to open, so the link points to the frontend only when
 * FRONTEND_URL is set, and the token itself is always written in the text.
 */
import type { Ctx } from '../../context.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruiterInvitationEmail(
  ctx: Ctx,
  input: { to: string; nomEntreprise: string; invitedBy: string; token: string; validDays: number },
): EmailMessage {
  const action = ctx.config.frontendUrl
    ? {
        label: 'Créer mon compte recruteur',
        url: `${ctx.config.frontendUrl}/recruiters/register?invitationToken=${encodeURIComponent(input.token)}`,
      }
    : undefined;
  const body = simpleEmail(
    [
      'Bonjour,',
      `${input.invitedBy} vous invite à rejoindre l’équipe de recrutement de ${input.nomEntreprise}.`,
      `Votre code d’invitation (valable ${input.validDays} jours, utilisable une fois) : ${input.token}`,
      'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    ],
    action,
  );
  return {
    to: input.to,
    subject: `Invitation à rejoindre ${input.nomEntreprise}`,
    template: 'recruiter-invitation',
    ...body,
  };
}
