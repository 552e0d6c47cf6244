/**
 * The alert to an integrator when a webhook delivery goes to the dead-letter queue (after 10
 * failed attempts the integrator is alerted by email), in the language of the account it goes to.
 */
import type { Ctx } from '../../context.ts';
import type { Langue } from '../../../models/account.ts';
import { mailText } from '../catalogue/mail-text.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function webhookDeadLetterEmail(
  _ctx: Ctx,
  input: {
    to: string;
    langue: Langue;
    url: string;
    subscriptionId: number;
    deliveryId: number;
    eventId: string;
    eventType: string;
    attempts: number;
    lastError: string | null;
  },
): EmailMessage {
  const c = mailText(input.langue);
  const body = simpleEmail(c, [
    c.common.greeting(null),
    c.webhookDeadLetter.failed(input.eventType, input.eventId, input.url, input.attempts),
    c.webhookDeadLetter.lastError(input.lastError),
    c.webhookDeadLetter.replay(
      input.deliveryId,
      input.subscriptionId,
      `/v1/api/webhooks/deliveries/${input.deliveryId}/replay`,
    ),
  ]);
  return {
    to: input.to,
    subject: c.webhookDeadLetter.subject(input.eventType),
    template: 'webhook-dead-letter',
    ...body,
  };
}
