/** Tells a recruiter that an administrator validated the account, in its language, with a link to sign in. */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

/** Where to sign in: the frontend's page when FRONTEND_URL is set, else the API's reference (POST /auth/login). */
function signInUrl(ctx: Ctx): string {
  return ctx.config.frontendUrl ? `${ctx.config.frontendUrl}/login` : `${ctx.config.publicUrl}/docs`;
}

export function recruteurApprovedEmail(
  ctx: Ctx,
  input: {
    to: string;
    langue: Langue;
    prenom: string;
    nomEntreprise: string;
  },
): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(
    c,
    [
      c.common.greeting(input.prenom),
      c.recruiterApproved.approved(input.nomEntreprise),
      c.recruiterApproved.next,
    ],
    { label: c.recruiterApproved.action, url: signInUrl(ctx) },
    { title: c.recruiterApproved.subject },
  );
  return { to: input.to, subject: c.recruiterApproved.subject, template: 'recruiter-approved', ...body };
}
