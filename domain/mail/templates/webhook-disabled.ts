/**
 * The alert to an integrator when the platform switches a webhook subscription off (receiver
 * gone, or failing for 5 days), in the language of the account it goes to.
 */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function webhookDisabledEmail(
  _ctx: Ctx,
  input: { to: string; langue: Langue; url: string; subscriptionId: number; reason: 'GONE' | 'FAILING' },
): EmailMessage {
  const c = mailText(input.langue);
  const why =
    input.reason === 'GONE' ? c.webhookDisabled.gone(input.url) : c.webhookDisabled.failing(input.url);
  const body = simpleEmail(c, [
    c.common.greeting(null),
    c.webhookDisabled.disabled(input.subscriptionId, why),
    c.webhookDisabled.enable(`/v1/api/webhooks/subscriptions/${input.subscriptionId}/enable`),
  ]);
  return {
    to: input.to,
    subject: c.webhookDisabled.subject(input.url).slice(0, 300),
    template: 'webhook-disabled',
    ...body,
  };
}
