/**
 * Webhook subscriptions owned by an integration app: made with a webhooks:manage token (client
 * credentials through openid-client), they receive the events of the token's company only, at a
 * real receiver that verifies them with `standardwebhooks`; the app and the company's owner each
 * see and manage only their own; a token without the scope is refused; the company's revocation
 * deletes them, an administrator's suspension pauses them until the app is reactivated.
 */
import { expect } from 'chai';
import * as oidc from 'openid-client';
import { Webhook } from 'standardwebhooks';
import { domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createRecruteur, type TestRecruteur } from '../helpers/factories.ts';
import {
  adminAccount,
  clientConfig,
  codeFlow,
  registerApp,
  startOAuthServer,
  type OAuthTestServer,
  type RegisteredApp,
} from '../helpers/oauth.ts';
import { deleteTestSubscriptions, trackSubscription } from '../helpers/webhook-factories.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../lib/clock.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { deliverDue } from '../../domain/webhooks/deliver-due.ts';

describe('OAuth: webhook subscriptions owned by an app', function () {
  this.timeout(120_000);
  let srv: OAuthTestServer;
  let rx: WebhookReceiver;
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

  before(async () => {
    srv = await startOAuthServer();
    rx = await WebhookReceiver.start();
  });
  afterEach(deleteTestSubscriptions);
  after(async () => {
    await rx.close();
    await srv.close();
  });

  async function appToken(owner: TestRecruteur, scopes = ['webhooks:manage']) {
    const app = await registerApp(srv, owner, { scopes, redirectUris: [] });
    const { access_token: token } = await oidc.clientCredentialsGrant(await clientConfig(srv, app), {
      scope: scopes.join(' '),
    });
    return { app, token };
  }

  async function subscribeWith(
    auth: { Authorization: string },
    path: string,
    body: Record<string, unknown> = {},
  ) {
    const res = await srv.request
      .post('/v1/api/webhooks/subscriptions')
      .set(auth)
      .send({ url: rx.url(path), events: ['offre.published'], ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    trackSubscription(res.body.data.id);
    return res.body.data as { id: number; secret: string; appId: number | null; active: boolean };
  }

  /** Records an offre.published event of the company, then dispatches and sends what is due. */
  async function publishAndDeliver(...entrepriseIds: number[]): Promise<string[]> {
    // The receiver's library checks the timestamp against the real time: the clock starts at the real now.
    const ctx = domainCtx({ type: 'system', id: 'test' }, { clock: new ManualClock(new Date()) });
    const ids: string[] = [];
    for (const entrepriseId of entrepriseIds)
      ids.push(
        (await recordEvent(ctx, 'offre.published', { offreId: entrepriseId }, { entrepriseId })).publicId,
      );
    await dispatchEvents(ctx);
    await deliverDue(ctx, { limit: 500, timeoutMs: 2000 });
    return ids;
  }

  const receivedAt = (path: string) => rx.requests.filter((r) => r.path === path);

  it("receives its company's events at a real receiver, verified with standardwebhooks, and no other company's", async () => {
    const owner = await createRecruteur();
    const other = await createRecruteur();
    const { app, token } = await appToken(owner);
    const sub = await subscribeWith(bearer(token), '/app-events');
    expect(sub.appId).to.equal(app.id);
    const row = await testDb()('webhookSubscriptions').where({ id: sub.id }).first();
    expect(row).to.include({ appId: app.id, entrepriseId: owner.entrepriseId, scope: 'recruiter' });

    const [mine, theirs] = await publishAndDeliver(owner.entrepriseId, other.entrepriseId);
    const got = receivedAt('/app-events');
    expect(got.map((r) => r.json.id)).to.deep.equal([mine]);
    expect(got.map((r) => r.json.id)).to.not.include(theirs);
    const verified = new Webhook(sub.secret).verify(
      got[0]!.rawBody,
      got[0]!.headers as Record<string, string>,
    );
    expect(verified).to.deep.include({ id: mine, type: 'offre.published' });

    // Its deliveries are its own to list and replay.
    const deliveries = await srv.request.get('/v1/api/webhooks/deliveries').set(bearer(token)).expect(200);
    expect(deliveries.body.content.map((d: { eventId: string }) => d.eventId)).to.deep.equal([mine]);
    const deliveryId = deliveries.body.content[0].id as number;
    await srv.request.post(`/v1/api/webhooks/deliveries/${deliveryId}/replay`).set(bearer(token)).expect(200);
    await srv.request.get(`/v1/api/webhooks/deliveries/${deliveryId}`).set(owner.auth).expect(404);
  });

  it("keeps the app's and the company's subscriptions apart; the owner sees the app's counted in its grants", async () => {
    const owner = await createRecruteur();
    const { app, token } = await appToken(owner);
    const appSub = await subscribeWith(bearer(token), '/apart-app');
    const entrepriseSub = await subscribeWith(owner.auth, '/apart-company');
    expect(entrepriseSub.appId).to.equal(null);

    const appList = await srv.request.get('/v1/api/webhooks/subscriptions').set(bearer(token)).expect(200);
    expect(appList.body.data.map((s: { id: number }) => s.id)).to.deep.equal([appSub.id]);
    const ownerList = await srv.request.get('/v1/api/webhooks/subscriptions').set(owner.auth).expect(200);
    expect(ownerList.body.data.map((s: { id: number }) => s.id)).to.deep.equal([entrepriseSub.id]);

    const each = async (auth: { Authorization: string }, id: number, expected: number) => {
      const base = `/v1/api/webhooks/subscriptions/${id}`;
      expect((await srv.request.get(base).set(auth)).status, `GET ${base}`).to.equal(expected);
      expect((await srv.request.patch(base).set(auth).send({ description: 'x' })).status).to.equal(expected);
      expect((await srv.request.post(`${base}/rotate-secret`).set(auth)).status).to.equal(expected);
      expect((await srv.request.post(`${base}/enable`).set(auth)).status).to.equal(expected);
      const deliveries = await srv.request.get(`/v1/api/webhooks/deliveries?subscriptionId=${id}`).set(auth);
      expect(deliveries.status).to.equal(expected);
    };
    await each(bearer(token), entrepriseSub.id, 404);
    await each(owner.auth, appSub.id, 404);
    await srv.request
      .delete(`/v1/api/webhooks/subscriptions/${entrepriseSub.id}`)
      .set(bearer(token))
      .expect(404);
    await srv.request.delete(`/v1/api/webhooks/subscriptions/${appSub.id}`).set(owner.auth).expect(404);
    // Each manages its own.
    await each(bearer(token), appSub.id, 200);
    await each(owner.auth, entrepriseSub.id, 200);

    const grants = await srv.request.get('/v1/api/integrations/grants').set(owner.auth).expect(200);
    expect(grants.body.data).to.have.length(1);
    expect(grants.body.data[0]).to.include({
      appId: app.id,
      clientCredentials: true,
      webhookSubscriptions: 1,
    });

    await srv.request.delete(`/v1/api/webhooks/subscriptions/${appSub.id}`).set(bearer(token)).expect(200);
    expect(await testDb()('webhookSubscriptions').where({ id: appSub.id }).first()).to.equal(undefined);
    expect(await testDb()('webhookSubscriptions').where({ id: entrepriseSub.id }).first()).to.not.equal(
      undefined,
    );
  });

  it('answers 403 INSUFFICIENT_SCOPE to a token without webhooks:manage', async () => {
    const owner = await createRecruteur();
    const { token } = await appToken(owner, ['offres:read']);
    for (const call of [
      srv.request.post('/v1/api/webhooks/subscriptions').send({ url: rx.url(), events: ['offre.published'] }),
      srv.request.get('/v1/api/webhooks/subscriptions'),
      srv.request.get('/v1/api/webhooks/deliveries'),
    ]) {
      const res = await call.set(bearer(token)).set('Accept-Language', 'en');
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('INSUFFICIENT_SCOPE');
      expect(res.headers['www-authenticate']).to.equal(
        'Bearer error="insufficient_scope", scope="webhooks:manage"',
      );
    }
    expect(await testDb()('webhookSubscriptions').where({ entrepriseId: owner.entrepriseId })).to.deep.equal(
      [],
    );
  });

  it("acts only as the company's OWNER: a member's grant is refused, the owner's grant subscribes", async () => {
    const owner = await createRecruteur();
    const member = await createRecruteur({ entrepriseId: owner.entrepriseId });
    const outsider = await createRecruteur();
    const app: RegisteredApp = await registerApp(srv, outsider, { scopes: ['webhooks:manage'] });
    const scope = 'openid webhooks:manage';
    const { tokens: memberTokens } = await codeFlow(srv, app, member, scope);
    const refused = await srv.request
      .post('/v1/api/webhooks/subscriptions')
      .set(bearer(memberTokens.access_token))
      .send({ url: rx.url(), events: ['offre.published'] });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.code).to.equal('FORBIDDEN');
    const { tokens } = await codeFlow(srv, app, owner, scope);
    const sub = await subscribeWith(bearer(tokens.access_token), '/granted');
    expect(sub.appId).to.equal(app.id);
    // The granting company's subscription: the app's own company is another one.
    const row = await testDb()('webhookSubscriptions').where({ id: sub.id }).first();
    expect(row.entrepriseId).to.equal(owner.entrepriseId);
  });

  it('stops deliveries: suspension pauses them until reactivation, revocation deletes them', async () => {
    const owner = await createRecruteur();
    const { app, token } = await appToken(owner);
    const sub = await subscribeWith(bearer(token), '/stopped');
    const off = await subscribeWith(bearer(token), '/stopped-off', { active: false });
    const state = (id: number) =>
      testDb()('webhookSubscriptions').where({ id }).first('active', 'disabledReason', 'appId');

    const admin = await adminAccount();
    await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/suspend`)
      .set(admin.auth)
      .send({ reason: 'Abuse reported' })
      .expect(200);
    expect(await state(sub.id)).to.deep.include({ active: false, disabledReason: 'APP_SUSPENDED' });
    expect(await state(off.id)).to.deep.include({ active: false, disabledReason: null });
    const [duringSuspension] = await publishAndDeliver(owner.entrepriseId);
    expect(receivedAt('/stopped')).to.deep.equal([]);

    await srv.request
      .post(`/v1/api/admin/integrations/apps/${app.id}/reactivate`)
      .set(admin.auth)
      .send({})
      .expect(200);
    expect(await state(sub.id)).to.deep.include({ active: true, disabledReason: null });
    // What the app had switched off itself stays off.
    expect(await state(off.id)).to.deep.include({ active: false, disabledReason: null });
    const [afterReactivation] = await publishAndDeliver(owner.entrepriseId);
    // Events of the suspension were never queued for it: only the new one arrives.
    expect(receivedAt('/stopped').map((r) => r.json.id)).to.deep.equal([afterReactivation]);
    expect(afterReactivation).to.not.equal(duringSuspension);

    const revoked = await srv.request
      .delete(`/v1/api/integrations/grants/${app.id}`)
      .set(owner.auth)
      .expect(200);
    expect(revoked.body.data.webhookSubscriptions).to.equal(2);
    expect(await state(sub.id)).to.equal(undefined);
    await publishAndDeliver(owner.entrepriseId);
    expect(receivedAt('/stopped')).to.have.length(1);
    expect(
      (await srv.request.get('/v1/api/integrations/grants').set(owner.auth).expect(200)).body.data,
    ).to.deep.equal([]);
  });
});
