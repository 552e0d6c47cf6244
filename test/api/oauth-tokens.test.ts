/**
 * Client credentials, introspection (RFC 7662), revocation (RFC 7009) and the REST API's scope
 * rules for OAuth tokens, driven by openid-client: only routes that declare one of the token's
 * scopes, only the token's company, never admin routes; every call audited with the app's id.
 */
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { testDb } from '../helpers/env.ts';
import { createOffre, createRecruteur } from '../helpers/factories.ts';
import {
  adminAccount,
  clientConfig,
  codeFlow,
  registerApp,
  startOAuthServer,
  type OAuthTestServer,
} from '../helpers/oauth.ts';
import { freshIp, limited } from '../helpers/rate-limit-probe.ts';

describe('OAuth: tokens on the REST API', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

  before(async () => {
    srv = await startOAuthServer();
  });
  after(() => srv.close());

  it('client credentials: acts for the owning company, within its scopes', async () => {
    const owner = await createRecruteur();
    const mine = await createOffre(owner, { titre: 'Comptable' });
    const other = await createRecruteur();
    const theirs = await createOffre(other, { status: 'DRAFT' });
    const app = await registerApp(srv, owner, { scopes: ['offres:read', 'company:read'], redirectUris: [] });
    const config = await clientConfig(srv, app);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'offres:read company:read' });
    expect(tokens.scope?.split(' ').sort()).to.deep.equal(['company:read', 'offres:read']);
    expect(tokens.expires_in).to.equal(900);

    const list = await srv.request
      .get('/v1/api/recruiters/me/offres')
      .set(bearer(tokens.access_token))
      .expect(200);
    const ids = (list.body.content ?? list.body.data?.content ?? list.body.data ?? []).map(
      (o: { id: number }) => o.id,
    );
    expect(ids).to.include(mine);
    const entreprise = await srv.request
      .get('/v1/api/recruiters/company')
      .set(bearer(tokens.access_token))
      .expect(200);
    expect(entreprise.body.data.id).to.equal(owner.entrepriseId);
    // Another company's draft offer is not this token's to see.
    const foreign = await srv.request.get(`/v1/api/offres/${theirs}`).set(bearer(tokens.access_token));
    expect(foreign.status).to.equal(404);
  });

  it('refuses scopes the app did not declare, and public clients have no client credentials', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { scopes: ['offres:read'] });
    const config = await clientConfig(srv, app);
    const refused = await oidc
      .clientCredentialsGrant(config, { scope: 'offres:write' })
      .catch((e: unknown) => e);
    expect((refused as oidc.ResponseBodyError).error).to.equal('invalid_scope');
    const pub = await registerApp(srv, owner, { clientType: 'public' });
    const pubConfig = await clientConfig(srv, pub);
    const none = await oidc
      .clientCredentialsGrant(pubConfig, { scope: 'offres:read' })
      .catch((e: unknown) => e);
    expect(['unauthorized_client', 'invalid_client', 'invalid_request']).to.include(
      (none as oidc.ResponseBodyError).error,
    );
  });

  it('answers 403 INSUFFICIENT_SCOPE with the scopes that would do, and never opens admin or unscoped routes', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { scopes: ['offres:read'] });
    const config = await clientConfig(srv, app);
    const { access_token: token } = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
    const write = await srv.request
      .post('/v1/api/offres')
      .set(bearer(token))
      .set('Accept-Language', 'en')
      .send({ titre: 'x' });
    expect(write.status).to.equal(403);
    expect(write.body.error.code).to.equal('INSUFFICIENT_SCOPE');
    expect(write.headers['www-authenticate']).to.equal(
      'Bearer error="insufficient_scope", scope="offres:write"',
    );
    expect(write.body.error.message).to.equal('The token does not carry a scope this operation accepts');
    expect(write.body.error.details).to.equal(
      'The token does not carry a scope this operation accepts (accepted scopes: offres:write)',
    );
    for (const path of [
      '/v1/api/admin/dashboard/stats',
      '/v1/api/recruiters/me',
      '/v1/api/integrations/apps',
    ]) {
      const res = await srv.request.get(path).set(bearer(token));
      expect(res.status, path).to.equal(403);
      expect(res.body.error.code, path).to.equal('INSUFFICIENT_SCOPE');
      expect(res.headers['www-authenticate'], path).to.match(/^Bearer error="insufficient_scope"/);
    }
    const unscoped = await srv.request.get('/v1/api/admin/dashboard/stats').set(bearer(token));
    expect(unscoped.body.error.message).to.equal('Cette opération n’est pas ouverte aux applications OAuth');
    // A public route answers the token as it answers anyone.
    await srv.request.get('/v1/api/regions').set(bearer(token)).expect(200);
  });

  it('isolates companies: a recruiter’s token reaches its own company only', async () => {
    const a = await createRecruteur();
    const b = await createRecruteur();
    const bDraft = await createOffre(b, { status: 'DRAFT' });
    const app = await registerApp(srv, a, { scopes: ['offres:read', 'offres:write'] });
    const { tokens } = await codeFlow(srv, app, b, 'openid offres:read offres:write');
    const own = await srv.request.get(`/v1/api/offres/${bDraft}`).set(bearer(tokens.access_token));
    expect(own.status).to.equal(200);
    const aDraft = await createOffre(a, { status: 'DRAFT' });
    const foreign = await srv.request.get(`/v1/api/offres/${aDraft}`).set(bearer(tokens.access_token));
    expect(foreign.status).to.equal(404);
    const del = await srv.request.delete(`/v1/api/offres/${aDraft}`).set(bearer(tokens.access_token));
    expect([403, 404]).to.include(del.status);
    expect(await testDb()('offres').where({ id: aDraft }).first()).to.not.equal(undefined);
  });

  it('introspects live tokens (RFC 7662) and revokes them (RFC 7009)', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const { config, tokens } = await codeFlow(srv, app, owner);
    const live = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(live.active).to.equal(true);
    expect(live.client_id).to.equal(app.clientId);
    expect(live.sub).to.equal(String(owner.id));
    expect(String(live.scope).split(' ')).to.include('offres:read');
    const refresh = await oidc.tokenIntrospection(config, tokens.refresh_token!);
    expect(refresh.active).to.equal(true);

    // Revoking the access token revokes what was issued from the same grant (the library's rule).
    await oidc.tokenRevocation(config, tokens.access_token);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).to.equal(false);
    expect((await oidc.tokenIntrospection(config, tokens.refresh_token!)).active).to.equal(false);
    const after = await srv.request.get('/v1/api/recruiters/me/offres').set(bearer(tokens.access_token));
    expect(after.status).to.equal(401);
    expect(after.headers['www-authenticate']).to.match(/invalid_token/);

    // Revoking a refresh token ends its grant: the access tokens issued from it go too.
    const second = await codeFlow(srv, app, owner);
    await oidc.tokenRevocation(config, second.tokens.refresh_token!);
    expect((await oidc.tokenIntrospection(config, second.tokens.access_token)).active).to.equal(false);
    const gone = await srv.request
      .get('/v1/api/recruiters/me/offres')
      .set(bearer(second.tokens.access_token));
    expect(gone.status).to.equal(401);

    // Another app cannot learn about this app's tokens.
    const spy = await registerApp(srv, owner);
    const spyConfig = await clientConfig(srv, spy);
    const cc = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
    expect((await oidc.tokenIntrospection(spyConfig, cc.access_token)).active).to.equal(false);
  });

  it('stops at once when the recruiter is suspended or the app suspended platform-wide', async () => {
    const owner = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
    const app = await registerApp(srv, owner);
    const { config, tokens } = await codeFlow(srv, app, member);
    const call = () => srv.request.get('/v1/api/recruiters/me/offres').set(bearer(tokens.access_token));
    expect((await call()).status).to.equal(200);
    await testDb()('recruiters').where({ id: member.id }).update({ status: 'SUSPENDED' });
    const refused = await call();
    expect(refused.status).to.equal(401);
    expect(refused.body.error.code).to.equal('TOKEN_REVOKED');
    const refresh = await oidc.refreshTokenGrant(config, tokens.refresh_token!).catch((e: unknown) => e);
    expect((refresh as oidc.ResponseBodyError).error).to.equal('invalid_grant');
    await testDb()('recruiters').where({ id: member.id }).update({ status: 'ACTIVE' });

    const cc = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
    const admin = await adminAccount();
    await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/suspend`)
      .set(admin.auth)
      .send({ reason: 'Abuse reported' })
      .expect(200);
    const suspended = await srv.request.get('/v1/api/recruiters/me/offres').set(bearer(cc.access_token));
    expect(suspended.status).to.equal(401);
    expect(suspended.body.error.code).to.equal('TOKEN_REVOKED');
    const again = await fetch(`${srv.issuer}/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=offres%3Aread',
    });
    expect(again.status).to.equal(401);
    expect(((await again.json()) as { error: string }).error).to.equal('invalid_client');
  });

  it('lets the company owner list the apps holding grants and revoke one, at once', async () => {
    const owner = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
    const outsider = await createRecruteur();
    const app = await registerApp(srv, outsider, { name: 'Outside ATS' });
    const { config, tokens } = await codeFlow(srv, app, member);
    const list = await srv.request.get('/v1/api/integrations/grants').set(owner.auth).expect(200);
    expect(list.body.data).to.have.length(1);
    expect(list.body.data[0]).to.include({ appId: app.id, name: 'Outside ATS', clientCredentials: false });
    expect(list.body.data[0].recruiterIds).to.deep.equal([member.id]);
    // A member is not the owner.
    await srv.request.get('/v1/api/integrations/grants').set(member.auth).expect(403);

    const revoked = await srv.request
      .delete(`/v1/api/integrations/grants/${app.id}`)
      .set(owner.auth)
      .expect(200);
    expect(revoked.body.data.revoked).to.be.greaterThan(0);
    expect(
      (await srv.request.get('/v1/api/recruiters/me/offres').set(bearer(tokens.access_token))).status,
    ).to.equal(401);
    const refresh = await oidc.refreshTokenGrant(config, tokens.refresh_token!).catch((e: unknown) => e);
    expect((refresh as oidc.ResponseBodyError).error).to.equal('invalid_grant');
    expect(
      (await srv.request.get('/v1/api/integrations/grants').set(owner.auth).expect(200)).body.data,
    ).to.deep.equal([]);
    const audit = await testDb()('auditLogs').where({
      action: 'oauth_app.revoke_company_grants',
      targetId: String(app.id),
    });
    expect(audit).to.have.length(1);
  });

  it('audits every call made with an OAuth token, with the app id', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { scopes: ['offres:read'] });
    const config = await clientConfig(srv, app);
    const { access_token: token } = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
    await srv.request.get('/v1/api/recruiters/me/offres').set(bearer(token)).expect(200);
    await srv.request.post('/v1/api/offres').set(bearer(token)).send({}).expect(403);
    const rows = await testDb()('auditLogs')
      .where({ action: 'oauth.api_call', targetType: 'oauth_app', targetId: String(app.id) })
      .orderBy('id');
    expect(rows).to.have.length(2);
    const details = rows.map((r: { details: string | Record<string, unknown> }) =>
      typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
    );
    expect(details[0]).to.include({
      appId: app.id,
      method: 'GET',
      path: '/v1/api/recruiters/me/offres',
      status: 200,
    });
    expect(details[1]).to.include({ method: 'POST', status: 403, flow: 'client_credentials' });
    expect(rows[0].actorId).to.equal(String(owner.id));
  });

  it('never stores a token as itself', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const { tokens } = await codeFlow(srv, app, owner);
    const rows = await testDb()('oauthEntries').select('idHash', 'payload');
    const text = JSON.stringify(rows);
    expect(text).to.not.contain(tokens.access_token);
    expect(text).to.not.contain(tokens.refresh_token!);
    const apps = JSON.stringify(await testDb()('oauthApps').select());
    expect(apps).to.not.contain(app.clientSecret!);
  });
});

describe('OAuth: the token endpoint is rate limited per client address', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;
  before(async () => {
    srv = await startOAuthServer({ config: limited });
  });
  after(() => srv.close());

  it('guessing a client secret costs a wait: the 11th try in a minute is 429, another address still goes', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { scopes: ['offres:read'], redirectUris: [] });
    const guess = (ip: string) =>
      srv.request
        .post('/oauth/token')
        .set('CF-Connecting-IP', ip)
        .auth(app.clientId, 'not-the-secret')
        .type('form')
        .send({ grant_type: 'client_credentials', scope: 'offres:read' });
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await guess(ip)).status).to.equal(401);
    const refused = await guess(ip);
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    expect((await guess(freshIp())).status).to.equal(401);
  });
});
