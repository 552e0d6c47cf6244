/**
 * The OWNER of a company registers an integration app. It starts PENDING: it gets no token until
 * an administrator approves it. A confidential app's secret is answered here once.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { inputError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { requireEntrepriseOwner } from '../entreprises/index.ts';
import { OAuthApp, type OAuthClientType } from '../../models/oauth-app.ts';
import {
  checkRedirectUri,
  checkScopes,
  checkWebUrl,
  MAX_REDIRECT_URIS,
  newClientId,
  newClientSecret,
} from './app-rules.ts';
import { appView, type AppView } from './app-view.ts';

export interface RegisterAppInput {
  name: string;
  redirectUris: string[];
  logoUrl?: string | null;
  website?: string | null;
  scopes: string[];
  clientType: OAuthClientType;
}

export async function registerApp(
  ctx: Ctx,
  input: RegisterAppInput,
): Promise<AppView & { clientSecret: string | null }> {
  const owner = await requireEntrepriseOwner(ctx);
  const name = input.name.trim();
  if (!name) throw inputError('A name is required', 'body.name', 'blank');
  if (input.redirectUris.length > MAX_REDIRECT_URIS)
    throw inputError('Too many redirect URIs', 'body.redirectUris', 'maxItems', { limit: MAX_REDIRECT_URIS });
  const redirectUris = [...new Set(input.redirectUris.map((uri, i) => checkRedirectUri(uri, i)))];
  const scopes = checkScopes(input.scopes);
  const logoUrl = checkWebUrl('body.logoUrl', input.logoUrl);
  const website = checkWebUrl('body.website', input.website);
  const secret = input.clientType === 'confidential' ? newClientSecret() : null;
  if (input.clientType === 'public' && !redirectUris.length)
    throw inputError('A public client needs a redirect URI', 'body.redirectUris', 'minItems', { limit: 1 });
  return inTransaction(ctx, async (t) => {
    const now = t.clock.now();
    const app = await OAuthApp.query(t.db).insertAndFetch({
      entrepriseId: owner.entrepriseId,
      ownerAccountId: owner.id,
      clientId: newClientId(),
      clientSecretHash: secret?.hash ?? null,
      clientType: input.clientType,
      name,
      redirectUris,
      logoUrl,
      website,
      scopes,
      status: 'PENDING',
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(t, 'oauth_app.register', { type: 'oauth_app', id: app.id }, { name, scopes });
    return { ...appView(app), clientSecret: secret?.secret ?? null };
  });
}
