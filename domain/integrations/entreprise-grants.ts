/**
 * A company's view of the integrations it granted: the apps holding a grant of one of its
 * recruiters (code flow), or, for its own apps, client-credentials tokens, or webhook
 * subscriptions for the company; and the owner's revocation, which deletes every record of that
 * app for the company at once (grants, codes, access and refresh tokens, and the app's webhook
 * subscriptions for the company). The REST API reads these records at each call, so a revoked
 * token is refused by every instance from the next request.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { requireEntrepriseOwner } from '../entreprises/index.ts';
import { OAuthApp } from '../../models/oauth-app.ts';
import { OAuthEntry } from '../../models/oauth-entry.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { countAppSubscriptions, deleteAppSubscriptions } from '../webhooks/index.ts';

const GRANT_MODELS = ['Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken', 'ClientCredentials'];

export interface GrantedApp {
  appId: number;
  clientId: string;
  name: string;
  logoUrl: string | null;
  website: string | null;
  status: string;
  /** Recruiters of the company who granted the app (code flow). */
  recruiterIds: number[];
  /** Whether the app holds client-credentials tokens for the company (its own app). */
  clientCredentials: boolean;
  /** Webhook subscriptions the app holds for the company (the owner sees them counted, not listed). */
  webhookSubscriptions: number;
}

async function entrepriseAccountIds(ctx: Ctx, entrepriseId: number): Promise<string[]> {
  const rows = await Recruteur.query(ctx.db).where({ entrepriseId }).select('id');
  return rows.map((r) => String(r.id));
}

/** Where-clause of the live records of `entrepriseId`: its recruiters' ones, and its own apps' client tokens. */
function entrepriseRecords(ctx: Ctx, accountIds: string[], ownClientIds: string[]) {
  return OAuthEntry.query(ctx.db)
    .whereIn('model', GRANT_MODELS)
    .where((q) => {
      q.whereIn('accountId', accountIds.length ? accountIds : ['-']);
      q.orWhere((o) => {
        o.where('model', 'ClientCredentials').whereIn('clientId', ownClientIds.length ? ownClientIds : ['-']);
      });
    });
}

export async function listGrantedApps(ctx: Ctx): Promise<GrantedApp[]> {
  const owner = await requireEntrepriseOwner(ctx);
  const now = ctx.clock.now();
  const accountIds = await entrepriseAccountIds(ctx, owner.entrepriseId);
  const own = await OAuthApp.query(ctx.db).where({ entrepriseId: owner.entrepriseId }).select('clientId');
  const rows = await entrepriseRecords(
    ctx,
    accountIds,
    own.map((a) => a.clientId),
  )
    .whereIn('model', ['Grant', 'ClientCredentials'])
    .where((q) => {
      q.whereNull('expiresAt').orWhere('expiresAt', '>', now);
    })
    .select('model', 'clientId', 'accountId');
  const byClient = new Map<string, { recruiters: Set<number>; cc: boolean }>();
  for (const r of rows) {
    if (!r.clientId) continue;
    const entry = byClient.get(r.clientId) ?? { recruiters: new Set<number>(), cc: false };
    if (r.model === 'Grant' && r.accountId) entry.recruiters.add(Number(r.accountId));
    if (r.model === 'ClientCredentials') entry.cc = true;
    byClient.set(r.clientId, entry);
  }
  // An app whose tokens have expired may still hold subscriptions: listed, so the owner can revoke it.
  const subscriptions = await countAppSubscriptions(ctx, owner.entrepriseId);
  if (!byClient.size && !subscriptions.size) return [];
  const apps = await OAuthApp.query(ctx.db)
    .where((q) => {
      q.whereIn('clientId', [...byClient.keys()]).orWhereIn('id', [...subscriptions.keys()]);
    })
    .orderBy('id');
  return apps.map((app) => {
    const e = byClient.get(app.clientId) ?? { recruiters: new Set<number>(), cc: false };
    return {
      appId: app.id,
      clientId: app.clientId,
      name: app.name,
      logoUrl: app.logoUrl,
      website: app.website,
      status: app.status,
      recruiterIds: [...e.recruiters].sort((a, b) => a - b),
      clientCredentials: e.cc,
      webhookSubscriptions: subscriptions.get(app.id) ?? 0,
    };
  });
}

/**
 * Deletes every grant and token of the app for the owner's company, and its webhook subscriptions
 * for the company; answers how many of each went.
 */
export async function revokeAppForEntreprise(
  ctx: Ctx,
  appId: number,
): Promise<{ revoked: number; webhookSubscriptions: number }> {
  const owner = await requireEntrepriseOwner(ctx);
  return inTransaction(ctx, async (t) => {
    const app = await OAuthApp.query(t.db).findById(appId);
    if (!app) throw new NotFoundError('App');
    const accountIds = await entrepriseAccountIds(t, owner.entrepriseId);
    const ownClientIds = app.entrepriseId === owner.entrepriseId ? [app.clientId] : [];
    const revoked = await entrepriseRecords(t, accountIds, ownClientIds)
      .where('clientId', app.clientId)
      .delete();
    const webhookSubscriptions = await deleteAppSubscriptions(t, app.id, owner.entrepriseId);
    await recordAudit(
      t,
      'oauth_app.revoke_company_grants',
      { type: 'oauth_app', id: app.id },
      {
        entrepriseId: owner.entrepriseId,
        revoked,
        webhookSubscriptions,
      },
    );
    return { revoked, webhookSubscriptions };
  });
}
