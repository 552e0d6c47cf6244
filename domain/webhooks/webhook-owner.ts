/**
 * Who owns webhook subscriptions: an ACTIVE recruiter OWNER for its
 * company's recruiter-scope events, an ADMIN or SUPER_ADMIN for admin-scope events. A company's
 * subscriptions belong to the company (its current OWNER manages them, also after an ownership
 * transfer); an administrator's belong to that administrator. System actors (CLI, jobs) see all.
 *
 * An integration app calling with an OAuth token (scope webhooks:manage, acting as the company's
 * OWNER) owns the subscriptions it makes for that company: they carry its `appId`, and the app
 * and the company's owner each see and manage only their own (the owner sees the app's count in
 * GET /integrations/grants, and revoking the app deletes them).
 */
import type { AnyQueryBuilder } from 'objection';
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { requireEntrepriseOwner } from '../entreprises/index.ts';
import { WebhookSubscription } from '../../models/webhook-subscription.ts';

export type WebhookOwner =
  | { kind: 'recruiter'; accountId: number; entrepriseId: number; appId: number | null }
  | { kind: 'admin'; accountId: number }
  | { kind: 'system' };

export async function webhookOwner(ctx: Ctx): Promise<WebhookOwner> {
  if (ctx.actor.type === 'system') return { kind: 'system' };
  if (ctx.actor.type !== 'account') throw new UnauthorizedError();
  const { role, id } = ctx.actor;
  if (role === 'ADMIN' || role === 'SUPER_ADMIN') return { kind: 'admin', accountId: id };
  if (role === 'RECRUTEUR') {
    const recruteur = await requireEntrepriseOwner(ctx);
    return {
      kind: 'recruiter',
      accountId: id,
      entrepriseId: recruteur.entrepriseId,
      appId: ctx.actor.app?.id ?? null,
    };
  }
  throw new ForbiddenError(
    bilingual(
      'Les webhooks sont réservés aux propriétaires d’entreprise et aux administrateurs',
      'Webhooks are for company owners and administrators',
    ),
  );
}

/** Restricts a query on webhook_subscriptions (or joined to it) to the owner's subscriptions. */
export function whereOwnedBy<QB extends AnyQueryBuilder>(query: QB, owner: WebhookOwner): QB {
  if (owner.kind === 'recruiter') {
    query
      .where('webhookSubscriptions.scope', 'recruiter')
      .where('webhookSubscriptions.entrepriseId', owner.entrepriseId);
    return owner.appId === null
      ? query.whereNull('webhookSubscriptions.appId')
      : query.where('webhookSubscriptions.appId', owner.appId);
  }
  if (owner.kind === 'admin')
    return query
      .where('webhookSubscriptions.scope', 'admin')
      .where('webhookSubscriptions.ownerAccountId', owner.accountId);
  return query;
}

/** One subscription of the owner, else 404 (another owner's subscription is not known to exist). */
export async function findOwnSubscription(
  ctx: Ctx,
  owner: WebhookOwner,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<WebhookSubscription> {
  const query = whereOwnedBy(WebhookSubscription.query(ctx.db).findById(id), owner);
  if (opts.forUpdate) query.forUpdate();
  const row = await query;
  if (!row) throw new NotFoundError('Webhook subscription');
  return row;
}
