import { expect } from 'chai';
import { agent, domainCtx } from '../helpers/app.ts';
import { testDb } from '../helpers/env.ts';
import { createAdmin, createCandidat, createRecruteur } from '../helpers/factories.ts';
import { deleteTestSubscriptions, subscribe, trackSubscription } from '../helpers/webhook-factories.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';

const SUB_KEYS = ['id', 'url', 'events', 'active', 'disabledReason', 'description', 'appId', 'createdAt'];
const DELIVERY_KEYS = [
  'id',
  'subscriptionId',
  'eventId',
  'eventType',
  'status',
  'attempts',
  'lastStatusCode',
  'lastError',
  'nextAttemptAt',
  'createdAt',
  'deliveredAt',
];
const URL = 'http://127.0.0.1:9/hooks';

describe('Webhooks API', () => {
  const api = () => agent();
  afterEach(deleteTestSubscriptions);

  describe('GET /webhooks/events', () => {
    it('lists the event catalogue with scopes, no token needed', async () => {
      const res = await api().get('/v1/api/webhooks/events').expect(200);
      expect(res.body.success).to.equal(true);
      const list = res.body.data as { type: string; description: string; scope: string }[];
      expect(list).to.have.length(14);
      for (const e of list) expect(e).to.have.all.keys('type', 'description', 'scope');
      const byType = Object.fromEntries(list.map((e) => [e.type, e.scope]));
      expect(byType).to.deep.equal({
        'offre.published': 'recruiter',
        'offre.closed': 'recruiter',
        'candidature.created': 'recruiter',
        'candidature.status_changed': 'recruiter',
        'candidat.hired': 'recruiter',
        'recruiter.approved': 'admin',
        'recruiter.suspended': 'admin',
        'alert.triggered': 'candidate',
        'blog.comment.flagged': 'admin',
        'offre.held': 'recruiter',
        'offre.released': 'recruiter',
        'offre.rejected': 'recruiter',
        'offre.reported': 'admin',
        'offre.hidden': 'recruiter',
      });
    });

    it('is not mounted when WEBHOOKS_ENABLED is false', async () => {
      await agent({ config: { webhooksEnabled: false } })
        .get('/v1/api/webhooks/events')
        .expect(404);
    });
  });

  describe('POST /webhooks/subscriptions', () => {
    it('a recruiter OWNER subscribes; the secret is returned only in this answer', async () => {
      const owner = await createRecruteur();
      const res = await api()
        .post('/v1/api/webhooks/subscriptions')
        .set(owner.auth)
        .send({
          url: URL,
          events: ['offre.published', 'candidature.created', 'offre.published'],
          description: 'ATS',
        })
        .expect(200);
      const sub = res.body.data;
      trackSubscription(sub.id);
      expect(sub).to.have.all.keys(...SUB_KEYS, 'secret');
      expect(sub).to.include({ url: URL, active: true, description: 'ATS' });
      expect(sub.events).to.deep.equal(['offre.published', 'candidature.created']);
      expect(sub.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(sub.secret.slice(6), 'base64')).to.have.length(32);
      expect(new Date(sub.createdAt).toString()).not.to.equal('Invalid Date');

      const row = await testDb()('webhookSubscriptions').where({ id: sub.id }).first();
      expect(row).to.include({
        scope: 'recruiter',
        entrepriseId: owner.entrepriseId,
        ownerAccountId: owner.id,
        secret: sub.secret,
      });

      const one = await api().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(owner.auth).expect(200);
      expect(one.body.data).to.have.all.keys(...SUB_KEYS);
      const list = await api().get('/v1/api/webhooks/subscriptions').set(owner.auth).expect(200);
      expect(list.body.data).to.have.length(1);
      expect(list.body.data[0]).to.have.all.keys(...SUB_KEYS);
    });

    it('an admin subscribes to admin-scope events', async () => {
      const admin = await createAdmin();
      const sub = await subscribe(admin, {
        url: URL,
        events: ['recruiter.approved', 'recruiter.suspended', 'blog.comment.flagged'],
        active: false,
      });
      expect(sub.active).to.equal(false);
      expect(sub.description).to.equal(null);
      const row = await testDb()('webhookSubscriptions').where({ id: sub.id }).first();
      expect(row).to.include({ scope: 'admin', entrepriseId: null, ownerAccountId: admin.id });
      const superAdmin = await createAdmin({ superAdmin: true });
      await subscribe(superAdmin, { url: URL, events: ['blog.comment.flagged'] });
    });

    it('refuses events outside the caller scope, unknown events and alert.triggered with 400', async () => {
      const owner = await createRecruteur();
      const admin = await createAdmin();
      const cases: [typeof owner | typeof admin, string[], RegExp][] = [
        [owner, ['recruiter.approved'], /admin-scope/],
        [owner, ['offre.published', 'blog.comment.flagged'], /blog\.comment\.flagged/],
        [owner, ['alert.triggered'], /candidate-scope/],
        [owner, ['offre.deleted'], /not an event type/],
        [admin, ['offre.published'], /recruiter-scope/],
        [admin, ['alert.triggered'], /candidate-scope/],
      ];
      for (const [who, events, details] of cases) {
        const res = await api()
          .post('/v1/api/webhooks/subscriptions')
          .set(who.auth)
          .set('Accept-Language', 'en')
          .send({ url: URL, events })
          .expect(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details).to.match(details);
      }
      // In French, the caller's language by default, the explanation is French too.
      const fr = await api()
        .post('/v1/api/webhooks/subscriptions')
        .set(owner.auth)
        .send({ url: URL, events: ['offre.deleted'] })
        .expect(400);
      expect(fr.body.error.details).to.match(
        /^body\.events\[0\]: .+ \(« offre\.deleted » n’est pas un type d’événement ; voir GET \/webhooks\/events\)$/,
      );
      expect(await testDb()('webhookSubscriptions').where({ ownerAccountId: owner.id })).to.have.length(0);
    });

    it('refuses malformed bodies with 400', async () => {
      const owner = await createRecruteur();
      const bodies = [
        { events: ['offre.published'] },
        { url: URL },
        { url: URL, events: [] },
        { url: URL, events: 'offre.published' },
        { url: 'ftp://example.com/x', events: ['offre.published'] },
        { url: 'not a url', events: ['offre.published'] },
        { url: URL, events: ['offre.published'], active: 'yes' },
      ];
      for (const body of bodies) {
        const res = await api().post('/v1/api/webhooks/subscriptions').set(owner.auth).send(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      }
    });

    it('refuses URLs resolving to loopback, private, link-local, unspecified or multicast addresses unless allowed', async () => {
      const owner = await createRecruteur();
      const strict = agent({ config: { webhooksAllowPrivate: false } });
      const refused = [
        'http://127.0.0.1:8080/hook',
        'http://localhost/hook',
        'http://10.1.2.3/hook',
        'http://172.16.5.4/hook',
        'https://192.168.1.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://0.0.0.0/hook',
        'http://224.0.0.1/hook',
        'http://[::1]/hook',
        'http://[fe80::1]/hook',
        'http://[fd12:3456::1]/hook',
        'http://[::ffff:127.0.0.1]/hook',
        // IPv4-compatible IPv6 (::/96) and the other IPv6 forms that carry an IPv4 address.
        'http://[::127.0.0.1]/hook',
        'http://[::a9fe:a9fe]/hook',
        'http://[2002:7f00:1::]/hook',
        'http://[64:ff9b::7f00:1]/hook',
        'http://does-not-exist.invalid/hook',
      ];
      for (const url of refused) {
        const res = await strict
          .post('/v1/api/webhooks/subscriptions')
          .set(owner.auth)
          .send({ url, events: ['offre.published'] });
        expect(res.status, url).to.equal(400);
        expect(res.body.error.code).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details, url).to.match(/body\.url: /);
        // One generic message: what a name resolves to (or whether it does) is never told.
        expect(res.body.error.details, url).to.not.match(
          /127\.0\.0\.1|resolves to|does not resolve|loopback|private/,
        );
      }
      const ok = await strict
        .post('/v1/api/webhooks/subscriptions')
        .set(owner.auth)
        .send({ url: 'https://93.184.215.14/hook', events: ['offre.published'] })
        .expect(200);
      trackSubscription(ok.body.data.id);
      // The same check applies when the URL is changed.
      const patch = await strict
        .patch(`/v1/api/webhooks/subscriptions/${ok.body.data.id}`)
        .set(owner.auth)
        .send({ url: 'http://127.0.0.1/x' })
        .expect(400);
      expect(patch.body.error.details).to.match(/adresses publiques d’internet/);
      const en = await strict
        .patch(`/v1/api/webhooks/subscriptions/${ok.body.data.id}`)
        .set(owner.auth)
        .set('Accept-Language', 'en')
        .send({ url: 'http://127.0.0.1/x' })
        .expect(400);
      expect(en.body.error.details).to.match(/public internet addresses/);
    });

    it('is for ACTIVE recruiter OWNERs and administrators only', async () => {
      const body = { url: URL, events: ['offre.published'] };
      await api().post('/v1/api/webhooks/subscriptions').send(body).expect(401);
      const candidat = await createCandidat();
      const c = await api().post('/v1/api/webhooks/subscriptions').set(candidat.auth).send(body).expect(403);
      expect(c.body.error.code).to.equal('FORBIDDEN');
      const owner = await createRecruteur();
      const member = await createRecruteur({ entrepriseId: owner.entrepriseId, companyRole: 'MEMBER' });
      const m = await api().post('/v1/api/webhooks/subscriptions').set(member.auth).send(body).expect(403);
      expect(m.body.error.message).to.equal('Seul le propriétaire de l’entreprise peut faire cela');
      const mEn = await api()
        .get('/v1/api/webhooks/subscriptions')
        .set(member.auth)
        .set('Accept-Language', 'en')
        .expect(403);
      expect(mEn.body.error.message).to.equal('Only the company owner may do this');
      const pending = await createRecruteur({ status: 'PENDING_APPROVAL' });
      const p = await api().post('/v1/api/webhooks/subscriptions').set(pending.auth).send(body).expect(403);
      expect(p.body.error).to.include({
        code: 'ACCOUNT_NOT_ACTIVE',
        message: 'Votre compte recruteur n’est pas encore actif',
        details: 'Votre compte recruteur n’est pas encore actif (status: PENDING_APPROVAL)',
      });
    });
  });

  describe('ownership', () => {
    it("another company's OWNER, or an admin, gets 404 on a company's subscription", async () => {
      const a = await createRecruteur();
      const b = await createRecruteur();
      const admin = await createAdmin();
      const sub = await subscribe(a, { url: URL, events: ['offre.published'] });
      for (const who of [b, admin]) {
        await api().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(who.auth).expect(404);
        await api()
          .patch(`/v1/api/webhooks/subscriptions/${sub.id}`)
          .set(who.auth)
          .send({ active: false })
          .expect(404);
        await api().post(`/v1/api/webhooks/subscriptions/${sub.id}/rotate-secret`).set(who.auth).expect(404);
        const del = await api().delete(`/v1/api/webhooks/subscriptions/${sub.id}`).set(who.auth).expect(404);
        expect(del.body.error.code).to.equal('NOT_FOUND');
        const list = await api().get('/v1/api/webhooks/subscriptions').set(who.auth).expect(200);
        expect(list.body.data.map((s: { id: number }) => s.id)).not.to.include(sub.id);
      }
      expect(await testDb()('webhookSubscriptions').where({ id: sub.id }).first('active')).to.deep.equal({
        active: true,
      });
    });

    it("an admin does not see another admin's subscriptions", async () => {
      const one = await createAdmin();
      const other = await createAdmin();
      const sub = await subscribe(one, { url: URL, events: ['recruiter.approved'] });
      await api().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(other.auth).expect(404);
      await api().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(one.auth).expect(200);
    });

    it('unknown or malformed ids', async () => {
      const owner = await createRecruteur();
      await api().get('/v1/api/webhooks/subscriptions/99999999').set(owner.auth).expect(404);
      const bad = await api().get('/v1/api/webhooks/subscriptions/abc').set(owner.auth).expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
    });
  });

  describe('PATCH, DELETE, rotate-secret', () => {
    it('PATCH changes events, active and description, checked as on creation', async () => {
      const owner = await createRecruteur();
      const sub = await subscribe(owner, { url: URL, events: ['offre.published'], description: 'x' });
      const res = await api()
        .patch(`/v1/api/webhooks/subscriptions/${sub.id}`)
        .set(owner.auth)
        .send({ events: ['candidat.hired', 'offre.closed'], active: false, description: null })
        .expect(200);
      expect(res.body.data).to.have.all.keys(...SUB_KEYS);
      expect(res.body.data).to.deep.include({
        id: sub.id,
        url: URL,
        events: ['candidat.hired', 'offre.closed'],
        active: false,
        description: null,
      });
      const scope = await api()
        .patch(`/v1/api/webhooks/subscriptions/${sub.id}`)
        .set(owner.auth)
        .send({ events: ['recruiter.approved'] })
        .expect(400);
      expect(scope.body.error.code).to.equal('VALIDATION_ERROR');
      const empty = await api()
        .patch(`/v1/api/webhooks/subscriptions/${sub.id}`)
        .set(owner.auth)
        .send({})
        .expect(400);
      expect(empty.body.error.code).to.equal('VALIDATION_ERROR');
      await api()
        .patch(`/v1/api/webhooks/subscriptions/${sub.id}`)
        .set(owner.auth)
        .send({ url: 'gopher://x' })
        .expect(400);
    });

    it('DELETE removes the subscription and its deliveries', async () => {
      const owner = await createRecruteur();
      const sub = await subscribe(owner, { url: URL, events: ['offre.published'] });
      await recordEvent(domainCtx(), 'offre.published', { offreId: 1 }, { entrepriseId: owner.entrepriseId });
      // Events of earlier tests may fill a dispatch batch: dispatch until this one is handled.
      const deliveries = () => testDb()('webhookDeliveries').where({ subscriptionId: sub.id });
      for (let i = 0; i < 50 && (await deliveries()).length === 0; i++) await dispatchEvents(domainCtx());
      expect(await deliveries()).to.have.length(1);
      const res = await api().delete(`/v1/api/webhooks/subscriptions/${sub.id}`).set(owner.auth).expect(200);
      expect(res.body.data).to.deep.equal({});
      await api().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(owner.auth).expect(404);
      expect(await testDb()('webhookDeliveries').where({ subscriptionId: sub.id })).to.have.length(0);
    });

    it('rotate-secret returns a new secret once and stores it', async () => {
      const owner = await createRecruteur();
      const sub = await subscribe(owner, { url: URL, events: ['offre.published'] });
      const res = await api()
        .post(`/v1/api/webhooks/subscriptions/${sub.id}/rotate-secret`)
        .set(owner.auth)
        .expect(200);
      expect(res.body.data).to.have.all.keys(...SUB_KEYS, 'secret');
      expect(res.body.data.secret)
        .to.match(/^whsec_/)
        .and.not.equal(sub.secret);
      expect((await testDb()('webhookSubscriptions').where({ id: sub.id }).first('secret')).secret).to.equal(
        res.body.data.secret,
      );
      const again = await api().get(`/v1/api/webhooks/subscriptions/${sub.id}`).set(owner.auth).expect(200);
      expect(again.body.data).not.to.have.property('secret');
    });
  });

  describe('deliveries', () => {
    async function withDelivery() {
      const owner = await createRecruteur();
      const sub = await subscribe(owner, { url: URL, events: ['candidature.created'] });
      const event = await recordEvent(
        domainCtx(),
        'candidature.created',
        { candidatureId: 7, offreId: 3, candidatId: 5, statut: 'NEW' },
        { entrepriseId: owner.entrepriseId },
      );
      await dispatchEvents(domainCtx());
      const delivery = await testDb()('webhookDeliveries').where({ subscriptionId: sub.id }).first();
      return { owner, sub, event, deliveryId: delivery.id as number };
    }

    it('GET /webhooks/deliveries lists the deliveries of own subscriptions as a bare page', async () => {
      const { owner, sub, event, deliveryId } = await withDelivery();
      const res = await api()
        .get(`/v1/api/webhooks/deliveries?subscriptionId=${sub.id}`)
        .set(owner.auth)
        .expect(200);
      expect(res.body).to.have.all.keys('content', 'page');
      expect(res.body.page).to.deep.equal({ size: 20, number: 0, totalElements: 1, totalPages: 1 });
      const [d] = res.body.content;
      expect(d).to.have.all.keys(...DELIVERY_KEYS);
      expect(d).to.include({
        id: deliveryId,
        subscriptionId: sub.id,
        eventId: event.publicId,
        eventType: 'candidature.created',
        status: 'PENDING',
        attempts: 0,
      });
      expect(d.lastStatusCode).to.equal(null);
      expect(d.deliveredAt).to.equal(null);
      const all = await api()
        .get('/v1/api/webhooks/deliveries?status=PENDING&sort=createdAt,desc')
        .set(owner.auth)
        .expect(200);
      expect(all.body.content.map((x: { id: number }) => x.id)).to.deep.equal([deliveryId]);
      const none = await api()
        .get('/v1/api/webhooks/deliveries?status=SUCCEEDED')
        .set(owner.auth)
        .expect(200);
      expect(none.body.content).to.deep.equal([]);
    });

    it('bad filters are a 400, and other owners get 404 or nothing', async () => {
      const { sub, deliveryId } = await withDelivery();
      const other = await createRecruteur();
      const bad = await api().get('/v1/api/webhooks/deliveries?status=LOST').set(other.auth).expect(400);
      expect(bad.body.error.code).to.equal('VALIDATION_ERROR');
      await api().get('/v1/api/webhooks/deliveries?sort=url,asc').set(other.auth).expect(400);
      await api().get(`/v1/api/webhooks/deliveries?subscriptionId=${sub.id}`).set(other.auth).expect(404);
      const mine = await api().get('/v1/api/webhooks/deliveries').set(other.auth).expect(200);
      expect(mine.body.page.totalElements).to.equal(0);
      await api().get(`/v1/api/webhooks/deliveries/${deliveryId}`).set(other.auth).expect(404);
      await api().post(`/v1/api/webhooks/deliveries/${deliveryId}/replay`).set(other.auth).expect(404);
      await api().get('/v1/api/webhooks/deliveries').expect(401);
    });

    it('GET /webhooks/deliveries/{id} adds the attempt log; replay starts a new series', async () => {
      const { owner, deliveryId, event } = await withDelivery();
      await testDb()('webhookDeliveries').where({ id: deliveryId }).update({
        status: 'FAILED',
        attempts: 1,
        lastStatusCode: 410,
        lastError: 'HTTP 410',
        nextAttemptAt: null,
      });
      await testDb()('webhookDeliveryAttempts').insert({
        deliveryId,
        attempt: 1,
        statusCode: 410,
        error: 'HTTP 410',
        durationMs: 12,
      });
      const res = await api().get(`/v1/api/webhooks/deliveries/${deliveryId}`).set(owner.auth).expect(200);
      expect(res.body.data).to.have.all.keys(...DELIVERY_KEYS, 'attemptLog');
      expect(res.body.data).to.include({
        status: 'FAILED',
        attempts: 1,
        lastStatusCode: 410,
        eventId: event.publicId,
      });
      expect(res.body.data.attemptLog).to.have.length(1);
      expect(res.body.data.attemptLog[0]).to.have.all.keys(
        'attempt',
        'statusCode',
        'error',
        'durationMs',
        'createdAt',
      );
      expect(res.body.data.attemptLog[0]).to.include({
        attempt: 1,
        statusCode: 410,
        error: 'HTTP 410',
        durationMs: 12,
      });

      const replay = await api()
        .post(`/v1/api/webhooks/deliveries/${deliveryId}/replay`)
        .set(owner.auth)
        .expect(200);
      expect(replay.body.data).to.have.all.keys(...DELIVERY_KEYS);
      expect(replay.body.data).to.include({
        id: deliveryId,
        status: 'PENDING',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        eventId: event.publicId,
      });
      expect(replay.body.data.nextAttemptAt).to.be.a('string');
      await api().post('/v1/api/webhooks/deliveries/99999999/replay').set(owner.auth).expect(404);
    });
  });
});
