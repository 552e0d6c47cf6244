import { expect } from 'chai';
import {
  canMoveDelivery,
  deliveryStatusesBefore,
  statusAfterAttempt,
} from '../../domain/webhooks/delivery-statuses.ts';

describe('Webhook delivery statuses (unit)', () => {
  it('an attempt settles a PENDING delivery: success, final refusal, retry, or no retry left', () => {
    expect(statusAfterAttempt('success', null)).to.equal('SUCCEEDED');
    expect(statusAfterAttempt('final', 60_000)).to.equal('FAILED');
    expect(statusAfterAttempt('retry', 60_000)).to.equal('PENDING');
    expect(statusAfterAttempt('retry', null)).to.equal('DEAD');
  });

  it('only a PENDING delivery is settled by an attempt; a replay brings any status back to PENDING', () => {
    for (const to of ['SUCCEEDED', 'FAILED', 'DEAD'] as const) {
      expect(deliveryStatusesBefore(to)).to.deep.equal(['PENDING']);
      expect(canMoveDelivery(to, 'SUCCEEDED')).to.equal(false);
    }
    expect(deliveryStatusesBefore('PENDING')).to.have.members(['PENDING', 'SUCCEEDED', 'FAILED', 'DEAD']);
  });
});
