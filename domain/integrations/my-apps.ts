/** The apps a company registered, and the owner's own changes to them (secret rotation). */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { requireEntrepriseOwner } from '../entreprises/index.ts';
import { OAuthApp } from '../../models/oauth-app.ts';
import { newClientSecret } from './app-rules.ts';
import { appView, type AppView } from './app-view.ts';

export async function listEntrepriseApps(ctx: Ctx): Promise<AppView[]> {
  const owner = await requireEntrepriseOwner(ctx);
  const apps = await OAuthApp.query(ctx.db).where({ entrepriseId: owner.entrepriseId }).orderBy('id');
  return apps.map(appView);
}

/**
 * A new client secret for a confidential app, answered once; the previous one stops working at
 * once (tokens already issued stay valid until they expire or are revoked).
 */
export async function rotateClientSecret(
  ctx: Ctx,
  appId: number,
): Promise<AppView & { clientSecret: string }> {
  const owner = await requireEntrepriseOwner(ctx);
  return inTransaction(ctx, async (t) => {
    const app = await OAuthApp.query(t.db)
      .findById(appId)
      .where({ entrepriseId: owner.entrepriseId })
      .forUpdate();
    if (!app) throw new NotFoundError('App');
    if (app.clientType !== 'confidential')
      throw new ConflictError(
        'PUBLIC_CLIENT_HAS_NO_SECRET',
        bilingual(
          'Une application publique n’a pas de secret à renouveler',
          'A public client has no secret to rotate',
        ),
      );
    const secret = newClientSecret();
    await OAuthApp.query(t.db)
      .findById(app.id)
      .patch({ clientSecretHash: secret.hash, updatedAt: t.clock.now() });
    await recordAudit(t, 'oauth_app.rotate_secret', { type: 'oauth_app', id: app.id });
    return { ...appView(app), clientSecret: secret.secret };
  });
}
