/**
 * Integration apps: registration by a company's OWNER, review by an administrator (API and CLI,
 * audited, emailed to the owner through the outbox), the secret shown once and rotated, and only
 * APPROVED apps obtaining tokens (checked with openid-client).
 */
import os from 'node:os';
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { testDb } from '../helpers/env.ts';
import { createCandidat, createRecruteur } from '../helpers/factories.ts';
import { runInProcess } from '../helpers/cli-in-process.ts';
import { parseJson } from '../helpers/cli.ts';
import {
  adminAccount,
  CALLBACK,
  clientConfig,
  registerApp,
  startOAuthServer,
  type OAuthTestServer,
} from '../helpers/oauth.ts';

describe('OAuth: integration apps', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;

  before(async () => {
    srv = await startOAuthServer();
  });
  after(() => srv.close());

  const body = {
    name: 'Acme ATS',
    redirectUris: [CALLBACK],
    logoUrl: 'https://acme.example/logo.png',
    website: 'https://acme.example',
    scopes: ['offres:read'],
    clientType: 'confidential',
  };

  it('lets the company owner register an app, PENDING, with its secret shown once', async () => {
    const owner = await createRecruteur();
    const res = await srv.request.post('/v1/api/integrations/apps').set(owner.auth).send(body).expect(200);
    const app = res.body.data;
    expect(app).to.include({
      name: 'Acme ATS',
      status: 'PENDING',
      clientType: 'confidential',
      entrepriseId: owner.entrepriseId,
    });
    expect(app.clientSecret).to.be.a('string').with.length.greaterThan(40);
    const list = await srv.request.get('/v1/api/integrations/apps').set(owner.auth).expect(200);
    expect(list.body.data).to.have.length(1);
    expect(list.body.data[0]).to.not.have.property('clientSecret');
    const row = await testDb()('oauthApps').where({ id: app.id }).first();
    expect(row.clientSecretHash).to.match(/^[0-9a-f]{64}$/);
    expect(row.clientSecretHash).to.not.equal(app.clientSecret);
    // A pending app gets no token.
    const token = await fetch(`${srv.issuer}/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=offres%3Aread',
    });
    expect(token.status).to.equal(401);
  });

  it('is for the OWNER: members and candidates are refused; bad redirect URIs and scopes are 400', async () => {
    const owner = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
    const candidat = await createCandidat();
    await srv.request.post('/v1/api/integrations/apps').set(member.auth).send(body).expect(403);
    await srv.request.post('/v1/api/integrations/apps').set(candidat.auth).send(body).expect(403);
    for (const redirectUris of [
      ['http://acme.example/cb'],
      ['https://acme.example/cb#frag'],
      ['not a url'],
      ['https://user:pw@acme.example/cb'],
    ]) {
      const res = await srv.request
        .post('/v1/api/integrations/apps')
        .set(owner.auth)
        .send({ ...body, redirectUris });
      expect(res.status, redirectUris[0]).to.equal(400);
    }
    await srv.request
      .post('/v1/api/integrations/apps')
      .set(owner.auth)
      .send({ ...body, scopes: ['admin:all'] })
      .expect(400);
    await srv.request
      .post('/v1/api/integrations/apps')
      .set(owner.auth)
      .send({ ...body, extra: true })
      .expect(400);
  });

  it('approval by an administrator is audited and emailed to the owner; rejection needs a reason', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner, { approve: false });
    const admin = await adminAccount();
    await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/reject`)
      .set(admin.auth)
      .send({})
      .expect(400);
    await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/approve`)
      .set(owner.auth)
      .send({})
      .expect(403);
    const pending = await srv.request
      .get('/v1/api/admin/integrations/apps?status=PENDING')
      .set(admin.auth)
      .expect(200);
    expect(pending.body.data.map((a: { id: number }) => a.id)).to.include(app.id);
    const approved = await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/approve`)
      .set(admin.auth)
      .send({})
      .expect(200);
    expect(approved.body.data.status).to.equal('APPROVED');
    const twice = await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/approve`)
      .set(admin.auth)
      .send({})
      .expect(409);
    expect(twice.body.error).to.include({
      code: 'INVALID_TRANSITION',
      message: 'Une application au statut APPROVED ne peut pas changer d’état ainsi',
      details: 'Une application au statut APPROVED ne peut pas changer d’état ainsi (decision: approve)',
    });
    const twiceEn = await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/approve`)
      .set(admin.auth)
      .set('Accept-Language', 'en')
      .send({})
      .expect(409);
    expect(twiceEn.body.error.message).to.equal('An app in APPROVED cannot be moved that way');
    const audit = await testDb()('auditLogs')
      .where({ action: 'oauth_app.approve', targetId: String(app.id) })
      .first();
    expect(audit).to.include({ actorId: String(admin.id), targetType: 'oauth_app' });
    const mail = await testDb()('outboundEmails')
      .where({ toAddress: owner.email, template: 'oauth-app-approve' })
      .first();
    expect(mail.subject).to.equal('Votre application d’intégration est approuvée');
    expect(mail.textBody).to.contain('Acme ATS');
    const config = await clientConfig(srv, app);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'offres:read' });
    expect(tokens.access_token).to.be.a('string');
  });

  it('rotates the secret: the new one works at once, the old one no more', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const rotated = await srv.request
      .post(`/v1/api/integrations/apps/${app.id}/rotate-secret`)
      .set(owner.auth)
      .expect(200);
    const secret = rotated.body.data.clientSecret as string;
    expect(secret).to.not.equal(app.clientSecret);
    const old = await oidc
      .clientCredentialsGrant(await clientConfig(srv, app), { scope: 'offres:read' })
      .catch((e: unknown) => e);
    expect(old).to.be.instanceOf(Error);
    const fresh = await oidc.clientCredentialsGrant(
      await clientConfig(srv, { ...app, clientSecret: secret }),
      {
        scope: 'offres:read',
      },
    );
    expect(fresh.access_token).to.be.a('string');
    const pub = await registerApp(srv, owner, { clientType: 'public' });
    const none = await srv.request.post(`/v1/api/integrations/apps/${pub.id}/rotate-secret`).set(owner.auth);
    expect(none.status).to.equal(409);
    expect(none.body.error).to.include({
      code: 'PUBLIC_CLIENT_HAS_NO_SECRET',
      message: 'Une application publique n’a pas de secret à renouveler',
    });
    const noneEn = await srv.request
      .post(`/v1/api/integrations/apps/${pub.id}/rotate-secret`)
      .set(owner.auth)
      .set('Accept-Language', 'en');
    expect(noneEn.body.error.message).to.equal('A public client has no secret to rotate');
    // Another company's owner does not see this app.
    const stranger = await createRecruteur();
    await srv.request
      .post(`/v1/api/integrations/apps/${app.id}/rotate-secret`)
      .set(stranger.auth)
      .expect(404);
  });

  it('CLI: lists, suspends and reactivates an app, audited as the CLI user', async () => {
    const owner = await createRecruteur();
    const app = await registerApp(srv, owner);
    const list = await runInProcess(['integrations', 'apps', '--status', 'APPROVED', '--json']);
    expect(list.code, list.stderr).to.equal(0);
    expect(parseJson<{ id: number }[]>(list).map((a) => a.id)).to.include(app.id);
    const suspended = await runInProcess([
      'integrations',
      'suspend',
      String(app.id),
      '--reason',
      'Usage abusif',
      '--yes',
      '--json',
    ]);
    expect(suspended.code, suspended.stderr).to.equal(0);
    expect(parseJson<{ status: string }>(suspended).status).to.equal('SUSPENDED');
    const audit = await testDb()('auditLogs')
      .where({ action: 'oauth_app.suspend', targetId: String(app.id) })
      .first();
    expect(audit).to.include({ actorType: 'system', actorId: `cli:${os.userInfo().username}` });
    const mail = await testDb()('outboundEmails')
      .where({ toAddress: owner.email, template: 'oauth-app-suspend' })
      .first();
    expect(mail.textBody).to.contain('Usage abusif');
    const refused = await oidc
      .clientCredentialsGrant(await clientConfig(srv, app), { scope: 'offres:read' })
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(Error);
    const back = await runInProcess(['integrations', 'reactivate', String(app.id), '--yes', '--json']);
    expect(parseJson<{ status: string }>(back).status).to.equal('APPROVED');
    const wrong = await runInProcess(['integrations', 'reactivate', String(app.id), '--yes']);
    expect(wrong.code).to.equal(1);
    expect(wrong.stderr).to.contain('INVALID_TRANSITION');
  });
});
