/**
 * POST /webhooks/subscriptions: the secret is returned here (and on rotation) only. Made with an
 * integration app's token, the subscription is the app's for the token's company (webhook-owner.ts).
 */
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError } from '../errors.ts';
import { webhookOwner } from './webhook-owner.ts';
import { checkSubscribableEvents } from './subscribable-events.ts';
import { checkSubscriptionUrl } from './check-subscription-url.ts';
import { newWebhookSecret } from './webhook-secret.ts';
import { subscriptionView, type SubscriptionView } from './subscription-view.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export interface CreateSubscriptionInput {
  url: string;
  events: string[];
  active?: boolean;
  description?: string | null;
}

export async function createSubscription(
  ctx: Ctx,
  input: CreateSubscriptionInput,
): Promise<SubscriptionView & { secret: string }> {
  const owner = await webhookOwner(ctx);
  if (owner.kind === 'system')
    throw new ForbiddenError(
      bilingual('Un abonnement appartient à un compte', 'Subscriptions belong to an account'),
    );
  const events = checkSubscribableEvents(owner, input.events);
  const url = await checkSubscriptionUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const now = ctx.clock.now();
  const row = await WebhookSubscription.query(ctx.db).insert({
    ownerAccountId: owner.accountId,
    scope: owner.kind,
    entrepriseId: owner.kind === 'recruiter' ? owner.entrepriseId : null,
    appId: owner.kind === 'recruiter' ? owner.appId : null,
    url,
    events,
    secret,
    active: input.active ?? true,
    description: input.description ?? null,
    createdAt: now,
    updatedAt: now,
  });
  return { ...subscriptionView(row), secret };
}
