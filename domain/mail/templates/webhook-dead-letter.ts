/**
 * The alert to an integrator when a webhook delivery goes to the dead-letter queue
 * (after 10 failed attempts the integrator is alerted by email).
 */
import type { Ctx } from '../../context.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function webhookDeadLetterEmail(
  _ctx: Ctx,
  input: {
    to: string;
    url: string;
    subscriptionId: number;
    deliveryId: number;
    eventId: string;
    eventType: string;
    attempts: number;
    lastError: string | null;
  },
): EmailMessage {
  const body = simpleEmail([
    'Bonjour,',
    `Nous n’avons pas pu livrer l’événement ${input.eventType} (${input.eventId}) à votre webhook ${input.url} après ${input.attempts} tentatives.`,
    `Dernière erreur : ${input.lastError ?? 'inconnue'}.`,
    `La livraison ${input.deliveryId} (abonnement ${input.subscriptionId}) est maintenant en file d’attente des échecs (DEAD). ` +
      `Une fois votre point d’accès rétabli, relancez-la avec POST /v1/api/webhooks/deliveries/${input.deliveryId}/replay.`,
  ]);
  return {
    to: input.to,
    subject: `Webhook en échec : ${input.eventType}`,
    template: 'webhook-dead-letter',
    ...body,
  };
}
