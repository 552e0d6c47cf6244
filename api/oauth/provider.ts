/**
 * The authorization server: oidc-provider (a certified OpenID Provider, itself a Koa app) with our
 * policies. Code flow with PKCE S256 for every client (the only method it offers), client
 * credentials for confidential apps, refresh tokens that rotate at each use (presenting a used one
 * revokes the whole grant), discovery, JWKS, revocation (RFC 7009) and introspection (RFC 7662).
 * Access tokens are opaque and stored (mysql-adapter.ts), so a revocation is effective at the
 * next call on every instance. Clients are the APPROVED apps; their secrets are stored hashed.
 */
import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../lib/config.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  API_SCOPES,
  PROTOCOL_SCOPES,
  clientSecretMatches,
  findOAuthSubject,
} from '../../domain/integrations/index.ts';
import type { Configuration, ProviderModule } from './load-provider.ts';
import { mysqlAdapterFactory } from './mysql-adapter.ts';
import type { SigningKey } from './signing-key.ts';
import { renderErrorPage } from './pages.ts';

/** Where the server is mounted, under the API's public URL; the issuer is PUBLIC_URL + this. */
export const OAUTH_PREFIX = '/oauth';

export const OAUTH_TTL = {
  AccessToken: 900,
  ClientCredentials: 900,
  AuthorizationCode: 60,
  IdToken: 3600,
  RefreshToken: 30 * 24 * 3600,
  Grant: 365 * 24 * 3600,
  Interaction: 3600,
  Session: 24 * 3600,
} as const;

export function issuerOf(config: Config): string {
  return `${config.publicUrl.replace(/\/+$/, '')}${OAUTH_PREFIX}`;
}

/** Cookie keys derived from the JWT secret, so every instance signs the interaction cookies alike. */
export function cookieKeysOf(config: Config): string[] {
  return [createHmac('sha256', config.jwtSecret).update('oauth-cookies').digest('base64url')];
}

export type OAuthProvider = InstanceType<ProviderModule['Provider']>;

export function createOAuthProvider(
  { Provider }: ProviderModule,
  deps: {
    db: Knex;
    config: Config;
    logger: Logger;
    signingKey: SigningKey;
  },
): OAuthProvider {
  const { db, config, logger, signingKey } = deps;
  const configuration: Configuration = {
    adapter: mysqlAdapterFactory(db, signingKey.alg) as unknown as Configuration['adapter'],
    clients: [],
    jwks: { keys: [signingKey.jwk as never] },
    cookies: {
      keys: cookieKeysOf(config),
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    findAccount: async (_ctx, sub) => {
      const subject = await findOAuthSubject(db, sub);
      if (!subject) return undefined;
      return { accountId: String(subject.id), claims: async () => ({ sub: String(subject.id) }) };
    },
    scopes: [...PROTOCOL_SCOPES, ...API_SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      // An app may introspect or revoke its own tokens only.
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    // PKCE for every client, confidential ones too; oidc-provider 9 accepts S256 only.
    pkce: { required: () => true },
    rotateRefreshToken: true,
    allowOmittingSingleRegisteredRedirectUri: false,
    clientBasedCORS: () => false,
    enabledJWA: { idTokenSigningAlgValues: [signingKey.alg] },
    clientDefaults: {
      id_token_signed_response_alg: signingKey.alg,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    ttl: { ...OAUTH_TTL },
    interactions: { url: (_ctx, interaction) => `${OAUTH_PREFIX}/interaction/${interaction.uid}` },
    renderError: (ctx, out) => {
      renderErrorPage(ctx as never, out as unknown as Record<string, string>);
    },
  };
  const provider = new Provider(issuerOf(config), configuration);
  provider.proxy = false;
  // The stored client_secret is the SHA-256 of the secret (domain/integrations/app-rules.ts).
  (
    provider.Client.prototype as unknown as { compareClientSecret(actual: string): boolean }
  ).compareClientSecret = function compareClientSecret(this: { clientSecret?: string }, actual: string) {
    return clientSecretMatches(this.clientSecret ?? null, actual);
  };
  provider.on('server_error', (_ctx: unknown, err: Error) => logger.error({ err }, 'oauth server error'));
  // Refusals say why in error_detail, which the client is not told: kept in the logs for support.
  const events = provider as unknown as {
    on(event: string, listener: (ctx: unknown, err: Error) => void): void;
  };
  for (const event of ['grant.error', 'introspection.error', 'revocation.error', 'authorization.error'])
    events.on(event, (_ctx, err) =>
      logger.info(
        { event, error: err.message, detail: (err as { error_detail?: string }).error_detail },
        'oauth request refused',
      ),
    );
  return provider;
}
