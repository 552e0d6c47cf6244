/**
 * The invitation to join a company as a recruiter, in the language of the inviting owner (the
 * invitee has no account yet). The token goes with POST /recruiters/register as
 * `invitationToken`; there is no API page to open, so the link points to the frontend only when
 * FRONTEND_URL is set, and the token itself is always written in the text.
 */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function recruteurInvitationEmail(
  ctx: Ctx,
  input: {
    to: string;
    langue: Langue;
    nomEntreprise: string;
    invitedBy: string;
    token: string;
    validDays: number;
  },
): EmailMessage {
  const c = mailText(input.langue);
  const action = ctx.config.frontendUrl
    ? {
        label: c.recruiterInvitation.action,
        url: `${ctx.config.frontendUrl}/recruiters/register?invitationToken=${encodeURIComponent(input.token)}`,
      }
    : undefined;
  const body = simpleEmail(
    c,
    [
      c.common.greeting(null),
      c.recruiterInvitation.invited(input.invitedBy, input.nomEntreprise),
      c.recruiterInvitation.code(input.validDays, input.token),
      c.recruiterInvitation.ignore,
    ],
    action,
  );
  return {
    to: input.to,
    subject: c.recruiterInvitation.subject(input.nomEntreprise),
    template: 'recruiter-invitation',
    ...body,
  };
}
