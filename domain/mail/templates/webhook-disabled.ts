/** The alert to an integrator when the platform switches a webhook subscription off (receiver gone, or failing for 5 days). */
import type { Ctx } from '../../context.ts';
import { simpleEmail, type EmailMessage } from '../enqueue-email.ts';

export function webhookDisabledEmail(
  _ctx: Ctx,
  input: { to: string; url: string; subscriptionId: number; reason: 'GONE' | 'FAILING' },
): EmailMessage {
  const why =
    input.reason === 'GONE'
      ? `votre point d’accès ${input.url} a répondu 410 Gone`
      : `toutes les livraisons vers ${input.url} échouent depuis 5 jours`;
  const body = simpleEmail([
    'Bonjour,',
    `Nous avons désactivé votre abonnement webhook ${input.subscriptionId} : ${why}.`,
    `Pour le réactiver : POST /v1/api/webhooks/subscriptions/${input.subscriptionId}/enable. Les livraisons passées en échec (DEAD) entre-temps peuvent être relancées.`,
  ]);
  return {
    to: input.to,
    subject: `Webhook désactivé : ${input.url}`.slice(0, 300),
    template: 'webhook-disabled',
    ...body,
  };
}
