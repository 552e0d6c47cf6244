/** The audit log: who is recorded as having acted, and how the log is sorted. */
import { expect } from 'chai';
import { actorLabel } from '../../domain/context.ts';
import { AUDIT_SORTS } from '../../domain/audit/list-audit-logs.ts';

describe('Audit rules (unit)', () => {
  it('an account is recorded by its id and email', () => {
    expect(actorLabel({ type: 'account', id: 12, role: 'ADMIN', email: 'admin@example.cm' })).to.deep.equal({
      actorType: 'account',
      actorId: '12',
      actorEmail: 'admin@example.cm',
    });
  });

  it('the CLI and the jobs are recorded as the system, by their name; an anonymous caller as "anonymous"', () => {
    expect(actorLabel({ type: 'system', id: 'job:alerts' })).to.deep.equal({
      actorType: 'system',
      actorId: 'job:alerts',
      actorEmail: null,
    });
    expect(actorLabel({ type: 'anonymous', ip: '41.202.1.1' })).to.deep.equal({
      actorType: 'system',
      actorId: 'anonymous',
      actorEmail: null,
    });
  });

  it('the log is sorted by date, action or id', () => {
    expect(Object.keys(AUDIT_SORTS)).to.have.members(['createdAt', 'action', 'id']);
  });
});
