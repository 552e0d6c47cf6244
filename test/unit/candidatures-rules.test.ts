/**
 * Applications: the recruiter's pipeline NEW -> IN_PROGRESS -> TO_MEET -> MET -> HIRED, rejection
 * from any open step, withdrawal by the candidate, the status emails, and the unsubscribe links.
 */
import { expect } from 'chai';
import { canMove, WITHDRAWABLE, COUNTER_COLUMN } from '../../domain/candidatures/candidature-statuses.ts';
import { NOTIFIED_STATUSES, isNotifiedStatus } from '../../domain/candidatures/candidature-emails.ts';
import {
  unsubscribeToken,
  unsubscribeHeaders,
  unsubscribeUrl,
} from '../../domain/candidatures/notification-links.ts';
import type { Ctx } from '../../domain/context.ts';
import type { CandidatureStatus } from '../../models/candidature.ts';

const ALL: CandidatureStatus[] = ['NEW', 'IN_PROGRESS', 'TO_MEET', 'MET', 'HIRED', 'REJECTED'];

describe('Application rules (unit)', () => {
  it('the pipeline moves one step at a time: NEW, IN_PROGRESS, TO_MEET, MET, HIRED', () => {
    expect(canMove('NEW', 'IN_PROGRESS')).to.equal(true);
    expect(canMove('IN_PROGRESS', 'TO_MEET')).to.equal(true);
    expect(canMove('TO_MEET', 'MET')).to.equal(true);
    expect(canMove('MET', 'HIRED')).to.equal(true);
  });

  it('no step is skipped: a new application cannot be hired or met at once', () => {
    expect(canMove('NEW', 'HIRED')).to.equal(false);
    expect(canMove('NEW', 'TO_MEET')).to.equal(false);
    expect(canMove('IN_PROGRESS', 'MET')).to.equal(false);
    expect(canMove('TO_MEET', 'HIRED')).to.equal(false);
  });

  it('no step goes back', () => {
    expect(canMove('IN_PROGRESS', 'NEW')).to.equal(false);
    expect(canMove('MET', 'TO_MEET')).to.equal(false);
  });

  it('an application can be rejected from every open step', () => {
    for (const from of ['NEW', 'IN_PROGRESS', 'TO_MEET', 'MET'] as const)
      expect(canMove(from, 'REJECTED'), from).to.equal(true);
  });

  it('HIRED and REJECTED are final', () => {
    for (const to of ALL) {
      expect(canMove('HIRED', to), `HIRED -> ${to}`).to.equal(false);
      expect(canMove('REJECTED', to), `REJECTED -> ${to}`).to.equal(false);
    }
  });

  it('a candidate may withdraw while the application is NEW or IN_PROGRESS, not once a meeting is planned', () => {
    expect(WITHDRAWABLE).to.have.members(['NEW', 'IN_PROGRESS']);
    for (const s of ['TO_MEET', 'MET', 'HIRED', 'REJECTED'] as const) expect(WITHDRAWABLE).not.to.include(s);
  });

  it('each status feeds its own counter column of the offer', () => {
    expect(Object.keys(COUNTER_COLUMN)).to.have.members(ALL);
    expect(new Set(Object.values(COUNTER_COLUMN)).size).to.equal(ALL.length);
    expect(COUNTER_COLUMN.NEW).to.equal('nouveaux');
    expect(COUNTER_COLUMN.HIRED).to.equal('embauches');
    expect(COUNTER_COLUMN.REJECTED).to.equal('refuses');
  });

  it('the candidate hears of the moves that matter to them: not NEW (it has its own email), not MET', () => {
    expect([...NOTIFIED_STATUSES]).to.have.members(['IN_PROGRESS', 'TO_MEET', 'HIRED', 'REJECTED']);
    expect(isNotifiedStatus('NEW')).to.equal(false);
    expect(isNotifiedStatus('MET')).to.equal(false);
    expect(isNotifiedStatus('HIRED')).to.equal(true);
  });
});

describe('Unsubscribe links of application emails (unit)', () => {
  const secret = 'test-secret';

  it('a token names the account and the kind of email, then a signature', () => {
    const token = unsubscribeToken(secret, 42, 'statutCandidature');
    const [id, kind, sig, ...rest] = token.split('.');
    expect([id, kind, rest.length]).to.deep.equal(['42', 'statutCandidature', 0]);
    expect(sig).to.match(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the signature differs by account, by kind and by secret, so a token cannot be turned to another', () => {
    const base = unsubscribeToken(secret, 42, 'statutCandidature').split('.')[2];
    expect(unsubscribeToken(secret, 43, 'statutCandidature').split('.')[2]).not.to.equal(base);
    expect(unsubscribeToken(secret, 42, 'candidatureRecue').split('.')[2]).not.to.equal(base);
    expect(unsubscribeToken('other', 42, 'statutCandidature').split('.')[2]).not.to.equal(base);
    expect(unsubscribeToken(secret, 42, 'statutCandidature').split('.')[2]).to.equal(base);
  });

  it('the link is the public unsubscribe address with the token encoded, offered as one-click (RFC 8058)', () => {
    const ctx = { config: { publicUrl: 'https://api.example.cm' } } as unknown as Ctx;
    const url = unsubscribeUrl(ctx, '7.digestHebdo.a+b/c');
    expect(url).to.equal(
      'https://api.example.cm/v1/api/public/notifications/unsubscribe?token=7.digestHebdo.a%2Bb%2Fc',
    );
    expect(unsubscribeHeaders(url)).to.deep.equal({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
