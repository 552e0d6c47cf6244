/** The notice sent 30 days before an inactive candidate account is anonymised, in its language. */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function privacyInactivityNoticeEmail(
  ctx: Ctx,
  input: { to: string; langue: Langue; prenom: string; lastActivityAt: Date; anonymiseAfter: Date },
): EmailMessage {
  const c = mailText(input.langue);
  const url = ctx.config.frontendUrl ?? `${ctx.config.publicUrl}/docs`;
  const body = simpleEmail(
    c,
    [
      c.common.greeting(input.prenom),
      c.privacyNotice.inactive(c.common.date(input.lastActivityAt), c.common.date(input.anonymiseAfter)),
      c.privacyNotice.keep,
    ],
    { label: c.privacyNotice.action, url },
  );
  return {
    to: input.to,
    subject: c.privacyNotice.subject,
    template: 'privacy-inactivity-notice',
    ...body,
  };
}
