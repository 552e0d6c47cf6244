/** The email carrying a password-reset link (single use, valid one hour), in the account's language. */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { emailLink, simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function passwordResetEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; prenom: string | null; token: string },
): EmailMessage {
  const c = mailText(input.langue);
  const url = emailLink(ctx, '/reset-password', '/auth/reset-password', input.token);
  const body = simpleEmail(
    c,
    [c.common.greeting(input.prenom), c.passwordReset.requested, c.passwordReset.ignore],
    { label: c.passwordReset.action, url },
  );
  return { to: input.to, subject: c.passwordReset.subject, template: 'password-reset', ...body };
}
