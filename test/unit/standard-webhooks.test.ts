/** Our Standard Webhooks signatures, judged by the `standardwebhooks` package (a verifier we did not write). */
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import {
  signingSecrets,
  standardWebhookHeaders,
  ROTATION_OVERLAP_MS,
} from '../../domain/webhooks/standard-webhooks.ts';
import { newWebhookSecret } from '../../domain/webhooks/webhook-secret.ts';

describe('Standard Webhooks signatures (unit)', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'offre.published',
    data: { offreId: 7, titre: 'Comptable é' },
  });

  it('verify with the standardwebhooks library, for the one secret and for each of two', () => {
    // Taken here, not when the file loads: the library refuses timestamps over 5 minutes old, and
    // the whole suite runs longer than that before reaching this test.
    const now = Math.floor(Date.now() / 1000);
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    expect(new Webhook(a).verify(body, standardWebhookHeaders([a], 'evt_1', now, body))).to.deep.include({
      id: 'evt_1',
    });
    const both = standardWebhookHeaders([b, a], 'evt_1', now, body);
    expect(both['webhook-signature'].split(' ')).to.have.length(2);
    expect(() => new Webhook(a).verify(body, both)).to.not.throw();
    expect(() => new Webhook(b).verify(body, both)).to.not.throw();
    expect(() => new Webhook(newWebhookSecret()).verify(body, both)).to.throw();
    expect(() => new Webhook(a).verify(`${body} `, both)).to.throw();
  });

  it('sign with the previous secret too for 24 hours after a rotation, not after', () => {
    const rotatedAt = new Date('2026-11-24T10:00:00Z');
    const sub = { secret: 'whsec_new', previousSecret: 'whsec_old', secretRotatedAt: rotatedAt };
    expect(signingSecrets(sub, new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS - 1))).to.deep.equal([
      'whsec_new',
      'whsec_old',
    ]);
    expect(signingSecrets(sub, new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS))).to.deep.equal([
      'whsec_new',
    ]);
    expect(signingSecrets({ ...sub, previousSecret: null, secretRotatedAt: null }, rotatedAt)).to.deep.equal([
      'whsec_new',
    ]);
  });
});
