/** Emails: when a failed email is tried again, and where the links of an email lead. */
import { expect } from 'chai';
import {
  EMAIL_RETRY_DELAYS_MS,
  MAX_EMAIL_ATTEMPTS,
  emailAfterFailure,
} from '../../domain/mail/email-retry.ts';
import { emailLink, LANDING_PAGE_OF_API_PATH } from '../../domain/mail/enqueue-email.ts';
import { escapeHtml } from '../../domain/mail/layout.ts';
import type { Ctx } from '../../domain/context.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('Email retry schedule (unit)', () => {
  it('a failed email waits 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, then 12 h before its next attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => emailAfterFailure(n).delayMs)).to.deep.equal([
      MINUTE,
      5 * MINUTE,
      15 * MINUTE,
      HOUR,
      3 * HOUR,
      6 * HOUR,
      12 * HOUR,
    ]);
    expect(EMAIL_RETRY_DELAYS_MS).to.have.length(MAX_EMAIL_ATTEMPTS - 1);
  });

  it('an email is tried 8 times: the 8th failure is final, the 7 before are not', () => {
    expect(MAX_EMAIL_ATTEMPTS).to.equal(8);
    expect([1, 2, 3, 4, 5, 6, 7].some((n) => emailAfterFailure(n).final)).to.equal(false);
    expect(emailAfterFailure(8).final).to.equal(true);
  });

  it('the attempts span about 22 hours', () => {
    const total = EMAIL_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).to.equal(22 * HOUR + 21 * MINUTE);
  });
});

describe('Links in emails (unit)', () => {
  const api = { config: { publicUrl: 'https://api.example.cm', frontendUrl: null } } as unknown as Ctx;
  const front = {
    config: { publicUrl: 'https://api.example.cm', frontendUrl: 'https://www.example.cm' },
  } as unknown as Ctx;

  it('with a frontend, the link goes to its page with the token', () => {
    expect(emailLink(front, '/reinitialiser', '/auth/reset-password', 'a b')).to.equal(
      'https://www.example.cm/reinitialiser?token=a%20b',
    );
  });

  it('without one, to the API’s own landing page when there is one, else to the API route', () => {
    expect(LANDING_PAGE_OF_API_PATH['/auth/validate-email']).to.equal('/email/validation');
    expect(emailLink(api, '/x', '/auth/validate-email', 't1')).to.equal(
      'https://api.example.cm/email/validation?token=t1',
    );
    expect(emailLink(api, '/x', '/alertes/unsubscribe', 't2')).to.equal(
      'https://api.example.cm/alertes/desinscription?token=t2',
    );
    expect(emailLink(api, '/x', '/auth/reset-password', 't+3')).to.equal(
      'https://api.example.cm/v1/api/auth/reset-password?token=t%2B3',
    );
  });

  it('text from users is escaped in the HTML part', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).to.equal(
      '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
  });
});
