/** The email asking a new account to confirm its address, in the account's language. */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { emailLink, simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function emailValidationEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; prenom: string; token: string },
): EmailMessage {
  const c = mailText(input.langue);
  const url = emailLink(ctx, '/validate-email', '/auth/validate-email', input.token);
  const body = simpleEmail(
    c,
    [c.common.greeting(input.prenom), c.emailValidation.thanks, c.emailValidation.validity],
    { label: c.emailValidation.action, url },
  );
  return { to: input.to, subject: c.emailValidation.subject, template: 'email-validation', ...body };
}
