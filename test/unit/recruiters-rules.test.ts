/**
 * The recruiter lifecycle: sign-up, email, company document, then an administrator's decision.
 * Which move starts from which status, and which moves need a reason in the history.
 */
import { expect } from 'chai';
import {
  INITIAL_RECRUITER_STATUS,
  RECRUITER_MOVES,
  canMakeRecruiterMove,
  type RecruiterMove,
} from '../../domain/recruiters/recruiter-statuses.ts';
import { recruiterStatusFilter } from '../../domain/recruiters/list-all-recruiters.ts';
import type { RecruiterStatus } from '../../models/recruiter.ts';

const STATUSES: RecruiterStatus[] = [
  'PENDING_EMAIL',
  'PENDING_DOCS',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
];

/** The statuses each move may start from, as the product describes them. */
const ALLOWED: Record<RecruiterMove, RecruiterStatus[]> = {
  validateEmail: ['PENDING_EMAIL'],
  validateInvitedEmail: ['PENDING_EMAIL'],
  submitDocuments: ['PENDING_DOCS'],
  approve: ['PENDING_APPROVAL'],
  reject: ['PENDING_DOCS', 'PENDING_APPROVAL'],
  suspend: ['ACTIVE'],
  reactivate: ['SUSPENDED', 'REJECTED'],
};

describe('Recruiter lifecycle rules (unit)', () => {
  it('a new recruiter starts by confirming its email', () => {
    expect(INITIAL_RECRUITER_STATUS).to.equal('PENDING_EMAIL');
  });

  it('a sign-up goes email -> documents -> approval -> active; an invited member is active once its email is confirmed', () => {
    expect(RECRUITER_MOVES.validateEmail.to).to.equal('PENDING_DOCS');
    expect(RECRUITER_MOVES.submitDocuments.to).to.equal('PENDING_APPROVAL');
    expect(RECRUITER_MOVES.approve.to).to.equal('ACTIVE');
    expect(RECRUITER_MOVES.validateInvitedEmail.to).to.equal('ACTIVE');
  });

  it('each move starts only from its own statuses', () => {
    for (const move of Object.keys(ALLOWED) as RecruiterMove[])
      for (const status of STATUSES)
        expect(canMakeRecruiterMove(status, move), `${move} from ${status}`).to.equal(
          ALLOWED[move].includes(status),
        );
  });

  it('an administrator can reject before approval, but not reject an active recruiter (suspend it instead)', () => {
    expect(canMakeRecruiterMove('PENDING_APPROVAL', 'reject')).to.equal(true);
    expect(canMakeRecruiterMove('ACTIVE', 'reject')).to.equal(false);
    expect(canMakeRecruiterMove('ACTIVE', 'suspend')).to.equal(true);
  });

  it('a rejected or suspended recruiter can be reactivated, straight to ACTIVE', () => {
    expect(RECRUITER_MOVES.reactivate.to).to.equal('ACTIVE');
    expect(canMakeRecruiterMove('REJECTED', 'reactivate')).to.equal(true);
    expect(canMakeRecruiterMove('SUSPENDED', 'reactivate')).to.equal(true);
  });

  it('rejecting and suspending need a reason; the other moves do not', () => {
    const withReason = (Object.keys(RECRUITER_MOVES) as RecruiterMove[]).filter(
      (m) => RECRUITER_MOVES[m].reasonRequired,
    );
    expect(withReason).to.have.members(['reject', 'suspend']);
  });

  it('the admin list accepts PENDING as a short name for PENDING_APPROVAL, and other statuses as they are', () => {
    expect(recruiterStatusFilter('PENDING')).to.equal('PENDING_APPROVAL');
    expect(recruiterStatusFilter('SUSPENDED')).to.equal('SUSPENDED');
  });
});
