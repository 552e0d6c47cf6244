/**
 * Where a client finds the authorization server's metadata: at the issuer
 * (PUBLIC_URL/oauth/.well-known/openid-configuration), by RFC 8414's path insertion
 * (/.well-known/oauth-authorization-server/oauth), and at the root well-known addresses. Each
 * discovery is made by openid-client, which checks the issuer against the address it was given.
 */
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { createRecruteur } from '../helpers/factories.ts';
import { registerApp, startOAuthServer, type OAuthTestServer } from '../helpers/oauth.ts';

describe('OAuth: discovery of the authorization server', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;

  before(async () => {
    srv = await startOAuthServer();
  });
  after(() => srv.close());

  const discover = (server: string, algorithm?: 'oidc' | 'oauth2') =>
    oidc.discovery(new URL(server), 'any-client', undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
      ...(algorithm ? { algorithm } : {}),
    });

  it('OpenID discovery at the issuer and RFC 8414 discovery give the same metadata', async () => {
    const openid = (await discover(srv.issuer, 'oidc')).serverMetadata();
    const rfc8414 = (await discover(srv.issuer, 'oauth2')).serverMetadata();
    expect(openid.issuer).to.equal(srv.issuer);
    expect(rfc8414).to.deep.equal(openid);
    expect(openid.token_endpoint).to.equal(`${srv.issuer}/token`);
    expect(openid.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(openid.grant_types_supported).to.include.members([
      'authorization_code',
      'client_credentials',
      'refresh_token',
    ]);
  });

  it('the root well-known addresses answer the same document, and a client given one works', async () => {
    const expected = (await srv.request.get('/oauth/.well-known/openid-configuration').expect(200)).body;
    for (const path of [
      '/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-authorization-server/oauth',
      '/.well-known/openid-configuration/oauth',
    ]) {
      const res = await srv.request.get(path).expect(200).expect('Content-Type', /json/);
      expect(res.body, path).to.deep.equal(expected);
    }
    await srv.request.post('/.well-known/openid-configuration').expect(404);
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const config = await oidc.discovery(
      new URL(`${srv.url}/.well-known/openid-configuration`),
      app.clientId,
      undefined,
      oidc.ClientSecretBasic(app.clientSecret!),
      { execute: [oidc.allowInsecureRequests] },
    );
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
    await srv.request
      .get('/v1/api/recruiters/me/offres')
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .expect(200);
  });
});
