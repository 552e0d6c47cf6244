/**
 * The OAuth client metadata (RFC 7591 names) of an APPROVED app, as the authorization server
 * reads it: any other status answers nothing, so a pending, rejected or suspended app cannot
 * authenticate, get a code or a token, or introspect. Public clients authenticate with nothing and
 * must use PKCE (S256); confidential ones send their secret (only its hash is stored: the server
 * compares hashes, see api/oauth/provider.ts).
 */
import type { Knex } from 'knex';
import { OAuthApp } from '../../models/oauth-app.ts';
import { PROTOCOL_SCOPES } from './scopes.ts';

export interface ClientMetadata {
  client_id: string;
  client_name: string;
  client_secret?: string;
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post' | 'none';
  grant_types: string[];
  response_types: string[];
  redirect_uris: string[];
  scope: string;
  logo_uri?: string;
  client_uri?: string;
  id_token_signed_response_alg: string;
  [key: string]: unknown;
}

export async function clientMetadataOf(
  db: Knex,
  clientId: string,
  idTokenAlg: string,
): Promise<ClientMetadata | undefined> {
  const app = await OAuthApp.query(db).findOne({ clientId, status: 'APPROVED' });
  if (!app) return undefined;
  const confidential = app.clientType === 'confidential';
  const codeFlow = app.redirectUris.length > 0;
  return {
    client_id: app.clientId,
    client_name: app.name,
    ...(confidential && app.clientSecretHash ? { client_secret: app.clientSecretHash } : {}),
    token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
    grant_types: [
      ...(codeFlow ? ['authorization_code', 'refresh_token'] : []),
      ...(confidential ? ['client_credentials'] : []),
    ],
    response_types: codeFlow ? ['code'] : [],
    redirect_uris: app.redirectUris,
    scope: [...PROTOCOL_SCOPES, ...app.scopes].join(' '),
    ...(app.logoUrl ? { logo_uri: app.logoUrl } : {}),
    ...(app.website ? { client_uri: app.website } : {}),
    id_token_signed_response_alg: idTokenAlg,
  };
}
