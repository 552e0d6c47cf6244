/**
 * Deliveries carry the Standard Webhooks headers: every delivery a real receiver gets verifies with
 * the `standardwebhooks` package, and right after a secret rotation a receiver that knows only the
 * old secret and one that knows only the new one both verify.
 */
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { agent, domainCtx } from '../helpers/app.ts';
import { createRecruteur } from '../helpers/factories.ts';
import { deleteTestSubscriptions, subscribe } from '../helpers/webhook-factories.ts';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../lib/clock.ts';
import { recordEvent } from '../../domain/events/record-event.ts';
import { dispatchEvents } from '../../domain/webhooks/dispatch-events.ts';
import { deliverDue } from '../../domain/webhooks/deliver-due.ts';

describe('Webhook deliveries: Standard Webhooks headers', function () {
  this.timeout(30_000);
  let rx: WebhookReceiver;

  before(async () => {
    rx = await WebhookReceiver.start();
  });
  after(async () => {
    await deleteTestSubscriptions();
    await rx.close();
  });

  // The library checks the timestamp against the real time: the clock starts at the real now.
  const runOnce = async () => {
    const ctx = domainCtx({ type: 'system', id: 'test' }, { clock: new ManualClock(new Date()) });
    await dispatchEvents(ctx);
    return deliverDue(ctx, { limit: 500, timeoutMs: 2000 });
  };

  it('every delivery verifies with standardwebhooks; during a rotation old-only and new-only receivers both verify', async () => {
    const owner = await createRecruteur();
    const sub = await subscribe(owner, { url: rx.url(), events: ['offre.published'] });
    const ctx = domainCtx({ type: 'system', id: 'test' });
    await recordEvent(ctx, 'offre.published', { offreId: 1 }, { entrepriseId: owner.entrepriseId });
    await runOnce();
    const [first] = rx.requests.splice(0);
    const verified = new Webhook(sub.secret).verify(first.rawBody, first.headers as Record<string, string>);
    expect(verified).to.deep.include({ id: first.json.id, type: 'offre.published' });
    expect(first.headers['webhook-id']).to.equal(first.json.id);

    const rotated = await agent()
      .post(`/v1/api/webhooks/subscriptions/${sub.id}/rotate-secret`)
      .set(owner.auth)
      .expect(200);
    const newSecret = rotated.body.data.secret as string;
    expect(newSecret).to.not.equal(sub.secret);
    await recordEvent(ctx, 'offre.published', { offreId: 2 }, { entrepriseId: owner.entrepriseId });
    await runOnce();
    const [second] = rx.requests.splice(0);
    const headers = second.headers as Record<string, string>;
    expect(headers['webhook-signature'].split(' ')).to.have.length(2);
    expect(new Webhook(sub.secret).verify(second.rawBody, headers)).to.deep.include({ id: second.json.id });
    expect(new Webhook(newSecret).verify(second.rawBody, headers)).to.deep.include({ id: second.json.id });
  });
});
