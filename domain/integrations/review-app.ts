/**
 * An administrator's decisions on an app (admin API and CLI alike): approve or reject a PENDING
 * app, suspend an APPROVED one platform-wide (its tokens are refused at their next use, by every
 * instance, since each call reads the app's status), reactivate a SUSPENDED one. Suspending also
 * switches the app's webhook subscriptions off, and reactivating switches them back on
 * (domain/webhooks/app-subscriptions.ts). Each decision is audited and emailed to the company's
 * owner, in one transaction.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError, ForbiddenError, inputError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail } from '../mail/index.ts';
import { OAuthApp, type OAuthAppStatus } from '../../models/oauth-app.ts';
import { Recruteur } from '../../models/recruteur.ts';
import type { Langue } from '../../models/account.ts';
import { appReviewEmail, type AppDecision } from './app-review-email.ts';
import { appView, type AppView } from './app-view.ts';
import { pauseAppSubscriptions, resumeAppSubscriptions } from '../webhooks/index.ts';
import { ADMINS_ONLY } from '../common-refusals.ts';

const MOVES: Record<AppDecision, { from: OAuthAppStatus[]; to: OAuthAppStatus; reasonRequired: boolean }> = {
  approve: { from: ['PENDING', 'REJECTED'], to: 'APPROVED', reasonRequired: false },
  reject: { from: ['PENDING'], to: 'REJECTED', reasonRequired: true },
  suspend: { from: ['APPROVED'], to: 'SUSPENDED', reasonRequired: true },
  reactivate: { from: ['SUSPENDED'], to: 'APPROVED', reasonRequired: false },
};

function assertAdminOrSystem(ctx: Ctx): void {
  if (ctx.actor.type === 'system') return;
  if (ctx.actor.type === 'account' && (ctx.actor.role === 'ADMIN' || ctx.actor.role === 'SUPER_ADMIN'))
    return;
  throw new ForbiddenError(ADMINS_ONLY);
}

export async function reviewApp(
  ctx: Ctx,
  appId: number,
  decision: AppDecision,
  rawReason?: string | null,
): Promise<AppView> {
  assertAdminOrSystem(ctx);
  const move = MOVES[decision];
  const reason = rawReason?.trim() || null;
  if (move.reasonRequired && !reason) throw inputError('A reason is required', 'body.reason', 'blank');
  return inTransaction(ctx, async (t) => {
    const app = await OAuthApp.query(t.db).findById(appId).forUpdate();
    if (!app) throw new NotFoundError('App');
    if (!move.from.includes(app.status))
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual(
          `Une application au statut ${app.status} ne peut pas changer d’état ainsi`,
          `An app in ${app.status} cannot be moved that way`,
        ),
        `decision: ${decision}`,
      );
    const now = t.clock.now();
    await OAuthApp.query(t.db)
      .findById(app.id)
      .patch({ status: move.to, statusReason: reason, reviewedAt: now, updatedAt: now });
    const webhookSubscriptions = await followWithSubscriptions(t, app.id, decision);
    await recordAudit(
      t,
      `oauth_app.${decision}`,
      { type: 'oauth_app', id: app.id },
      {
        from: app.status,
        to: move.to,
        reason,
        ...(webhookSubscriptions === null ? {} : { webhookSubscriptions }),
      },
    );
    const owner = await entrepriseOwnerContact(t, app.entrepriseId, app.ownerAccountId);
    if (owner) await enqueueEmail(t, appReviewEmail({ ...owner, appName: app.name, decision, reason }));
    const updated = await OAuthApp.query(t.db).findById(app.id);
    return appView(updated!);
  });
}

/** A suspension pauses the app's webhook subscriptions, a reactivation resumes them: how many, else null. */
async function followWithSubscriptions(
  ctx: Ctx,
  appId: number,
  decision: AppDecision,
): Promise<number | null> {
  if (decision === 'suspend') return pauseAppSubscriptions(ctx, appId);
  if (decision === 'reactivate') return resumeAppSubscriptions(ctx, appId);
  return null;
}

/** Who hears of the decision: the company's current OWNER, else the recruiter who registered the app. */
async function entrepriseOwnerContact(
  ctx: Ctx,
  entrepriseId: number,
  registeredBy: number | null,
): Promise<{ to: string; langue: Langue; prenom: string | null } | null> {
  const rows = await Recruteur.query(ctx.db)
    .alias('r')
    .joinRelated('account', { alias: 'a' })
    .where((q) => {
      q.where({ 'r.entrepriseId': entrepriseId, 'r.companyRole': 'OWNER' });
      if (registeredBy !== null) q.orWhere('r.id', registeredBy);
    })
    .orderByRaw("r.company_role = 'OWNER' DESC")
    .select('a.email', 'a.langue', 'r.prenom')
    .castTo<{ email: string; langue: Langue; prenom: string }[]>();
  const first = rows[0];
  return first ? { to: first.email, langue: first.langue, prenom: first.prenom } : null;
}

export async function listAppsForReview(ctx: Ctx, status?: OAuthAppStatus): Promise<AppView[]> {
  assertAdminOrSystem(ctx);
  const q = OAuthApp.query(ctx.db).orderBy('id');
  if (status) q.where({ status });
  return (await q).map(appView);
}
