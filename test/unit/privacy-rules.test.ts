/** Data retention: inactive candidates are erased after the configured months, with a notice first. */
import { expect } from 'chai';
import { NOTICE_DAYS, retentionCutoff } from '../../domain/privacy/retention.ts';

describe('Retention rules (unit)', () => {
  it('a candidate inactive since before the cutoff (now less the configured months) is erased', () => {
    expect(retentionCutoff(new Date('2026-11-20T10:00:00Z'), 24).toISOString()).to.equal(
      '2024-11-20T10:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-11-20T10:00:00Z'), 6).toISOString()).to.equal(
      '2026-05-20T10:00:00.000Z',
    );
  });

  it('counting months backward crosses years, and negative months count forward (the erasure date of a notice)', () => {
    expect(retentionCutoff(new Date('2026-02-15T00:00:00Z'), 3).toISOString()).to.equal(
      '2025-11-15T00:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2025-11-15T00:00:00Z'), -3).toISOString()).to.equal(
      '2026-02-15T00:00:00.000Z',
    );
  });

  it('a day the target month lacks becomes its last day, so nobody is erased early', () => {
    expect(retentionCutoff(new Date('2026-03-31T08:00:00Z'), 1).toISOString()).to.equal(
      '2026-02-28T08:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-08-31T08:00:00Z'), 6).toISOString()).to.equal(
      '2026-02-28T08:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2028-03-31T08:00:00Z'), 1).toISOString()).to.equal(
      '2028-02-29T08:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2026-01-31T08:00:00Z'), -1).toISOString()).to.equal(
      '2026-02-28T08:00:00.000Z',
    );
  });

  it('the notice comes 30 days before the erasure', () => {
    expect(NOTICE_DAYS).to.equal(30);
  });

  it('the cutoff does not change the date it is given', () => {
    const now = new Date('2026-11-20T10:00:00Z');
    retentionCutoff(now, 24);
    expect(now.toISOString()).to.equal('2026-11-20T10:00:00.000Z');
  });
});
