/**
 * Webhooks: when a failed delivery is tried again, how long a receiver may ask us to wait, which
 * events a subscriber may choose, and which addresses a webhook may be sent to.
 */
import { expect } from 'chai';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayAfter } from '../../domain/webhooks/retry-schedule.ts';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from '../../domain/webhooks/retry-after.ts';
import { checkSubscribableEvents, eventTypesOfScope } from '../../domain/webhooks/subscribable-events.ts';
import { isPublicAddress, parseWebhookUrl } from '../../domain/webhooks/target-address.ts';
import { ValidationError } from '../../domain/errors.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('Webhook retry schedule (unit)', () => {
  it('a delivery is tried at most 10 times', () => {
    expect(MAX_ATTEMPTS).to.equal(10);
    expect(RETRY_DELAYS_MS).to.have.length(MAX_ATTEMPTS - 1);
  });

  it('after a failure the next try waits 30 s, 2 min, 10 min, 30 min, 1 h, 4 h, 12 h, 24 h, then 48 h', () => {
    const expected = [
      30 * SECOND,
      2 * MINUTE,
      10 * MINUTE,
      30 * MINUTE,
      HOUR,
      4 * HOUR,
      12 * HOUR,
      24 * HOUR,
      48 * HOUR,
    ];
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayAfter)).to.deep.equal(expected);
  });

  it('the tries span nearly four days: the last one comes 89 h 42 min 30 s after the first', () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).to.equal(89 * HOUR + 42 * MINUTE + 30 * SECOND);
  });

  it('after the 10th failure nothing is retried (the delivery is dead)', () => {
    expect(retryDelayAfter(10)).to.equal(null);
    expect(retryDelayAfter(11)).to.equal(null);
  });
});

describe("A receiver's Retry-After (unit)", () => {
  const now = new Date('2026-11-20T10:00:00Z');

  it('a number of seconds is obeyed', () => {
    expect(retryAfterMs('120', now)).to.equal(120 * SECOND);
    expect(retryAfterMs(' 5 ', now)).to.equal(5 * SECOND);
  });

  it('an HTTP date is obeyed as the time until that date', () => {
    expect(retryAfterMs('Fri, 20 Nov 2026 10:30:00 GMT', now)).to.equal(30 * MINUTE);
  });

  it('a date already past means at once', () => {
    expect(retryAfterMs('Fri, 20 Nov 2026 09:00:00 GMT', now)).to.equal(0);
  });

  it('a receiver cannot park a delivery for more than 24 hours', () => {
    expect(MAX_RETRY_AFTER_MS).to.equal(24 * HOUR);
    expect(retryAfterMs(String(3 * 24 * 3600), now)).to.equal(24 * HOUR);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:00 GMT', now)).to.equal(24 * HOUR);
  });

  it('no header or an unreadable one: our own schedule applies', () => {
    expect(retryAfterMs(undefined, now)).to.equal(null);
    expect(retryAfterMs('', now)).to.equal(null);
    expect(retryAfterMs('soon', now)).to.equal(null);
    expect(retryAfterMs('-5', now)).to.equal(null);
    expect(retryAfterMs('1.5', now)).to.equal(null);
    expect(retryAfterMs('2026-11-20T10:30:00Z', now)).to.equal(null);
  });

  it('the obsolete HTTP date forms are dates too', () => {
    expect(retryAfterMs('Friday, 20-Nov-26 10:30:00 GMT', now)).to.equal(30 * MINUTE);
    expect(retryAfterMs('Fri Nov 20 10:30:00 2026', now)).to.be.within(0, 24 * HOUR);
  });
});

describe('Events a webhook may subscribe to (unit)', () => {
  it('a recruiter subscribes to the events of its offers and applications', () => {
    expect(eventTypesOfScope('recruiter')).to.have.members([
      'offre.published',
      'offre.closed',
      'candidature.created',
      'candidature.status_changed',
      'candidat.hired',
      'offre.held',
      'offre.released',
      'offre.rejected',
      'offre.hidden',
    ]);
  });

  it('an administrator subscribes to the moderation and sanction events', () => {
    expect(eventTypesOfScope('admin')).to.have.members([
      'recruiter.approved',
      'recruiter.suspended',
      'blog.comment.flagged',
      'offre.reported',
    ]);
  });

  it('the list is kept in the order given, each event once', () => {
    expect(
      checkSubscribableEvents({ kind: 'recruiter' }, ['offre.closed', 'offre.published', 'offre.closed']),
    ).to.deep.equal(['offre.closed', 'offre.published']);
  });

  it('refuses an empty list, an unknown event, and an event of another scope', () => {
    const refusal = (events: string[], kind: 'recruiter' | 'admin' = 'recruiter') => {
      try {
        checkSubscribableEvents({ kind }, events);
      } catch (err) {
        expect(err).to.be.instanceOf(ValidationError);
        return (err as ValidationError).message;
      }
      throw new Error('accepted');
    };
    expect(refusal([])).to.equal('Invalid body');
    expect(refusal(['offre.deleted'])).to.equal('Unknown event type');
    expect(refusal(['recruiter.approved'])).to.equal('Event type outside your scope');
    expect(refusal(['offre.published'], 'admin')).to.equal('Event type outside your scope');
  });

  it('job alerts are sent by email only: nobody can subscribe to alert.triggered', () => {
    expect(eventTypesOfScope('recruiter')).not.to.include('alert.triggered');
    expect(eventTypesOfScope('admin')).not.to.include('alert.triggered');
  });
});

describe('Where a webhook may be sent (unit)', () => {
  it('an absolute http or https address with a host', () => {
    expect(String(parseWebhookUrl('https://hooks.example.cm/in'))).to.equal('https://hooks.example.cm/in');
    expect(parseWebhookUrl('http://hooks.example.cm')).to.be.instanceOf(URL);
    expect(parseWebhookUrl('ftp://hooks.example.cm')).to.equal('url must use http or https');
    expect(parseWebhookUrl('/relative')).to.equal('url must be an absolute http or https URL');
  });

  it('public internet addresses are allowed', () => {
    for (const a of ['8.8.8.8', '41.202.207.1', '2001:4860:4860::8888'])
      expect(isPublicAddress(a), a).to.equal(true);
  });

  it('the server’s own networks are refused: loopback, private, link-local (cloud metadata), unspecified, CGNAT', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fc00::1',
      'fe80::1',
      '224.0.0.1',
    ])
      expect(isPublicAddress(a), a).to.equal(false);
  });

  it('IPv6 forms that carry a private IPv4 are judged as that IPv4, or refused', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).to.equal(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).to.equal(true);
    expect(isPublicAddress('::127.0.0.1')).to.equal(false);
  });

  it('a text that is not an address is not public', () => {
    expect(isPublicAddress('localhost')).to.equal(false);
    expect(isPublicAddress('')).to.equal(false);
  });
});
