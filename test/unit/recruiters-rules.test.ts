/**
 * The recruiter lifecycle: sign-up, email, company document, then an administrator's decision.
 * Which move starts from which status, and which moves need a reason in the history.
 */
import { expect } from 'chai';
import {
  INITIAL_RECRUTEUR_STATUS,
  RECRUTEUR_MOVES,
  canMakeRecruteurMove,
  type RecruteurMove,
} from '../../domain/recruteurs/recruteur-statuses.ts';
import { recruteurStatusFilter } from '../../domain/recruteurs/list-all-recruteurs.ts';
import type { RecruteurStatus } from '../../models/recruteur.ts';

const STATUSES: RecruteurStatus[] = [
  'PENDING_EMAIL',
  'PENDING_DOCS',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'SUSPENDED',
];

/** The statuses each move may start from, as the product describes them. */
const ALLOWED: Record<RecruteurMove, RecruteurStatus[]> = {
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
    expect(INITIAL_RECRUTEUR_STATUS).to.equal('PENDING_EMAIL');
  });

  it('a sign-up goes email -> documents -> approval -> active; an invited member is active once its email is confirmed', () => {
    expect(RECRUTEUR_MOVES.validateEmail.to).to.equal('PENDING_DOCS');
    expect(RECRUTEUR_MOVES.submitDocuments.to).to.equal('PENDING_APPROVAL');
    expect(RECRUTEUR_MOVES.approve.to).to.equal('ACTIVE');
    expect(RECRUTEUR_MOVES.validateInvitedEmail.to).to.equal('ACTIVE');
  });

  it('each move starts only from its own statuses', () => {
    for (const move of Object.keys(ALLOWED) as RecruteurMove[])
      for (const status of STATUSES)
        expect(canMakeRecruteurMove(status, move), `${move} from ${status}`).to.equal(
          ALLOWED[move].includes(status),
        );
  });

  it('an administrator can reject before approval, but not reject an active recruiter (suspend it instead)', () => {
    expect(canMakeRecruteurMove('PENDING_APPROVAL', 'reject')).to.equal(true);
    expect(canMakeRecruteurMove('ACTIVE', 'reject')).to.equal(false);
    expect(canMakeRecruteurMove('ACTIVE', 'suspend')).to.equal(true);
  });

  it('a rejected or suspended recruiter can be reactivated, straight to ACTIVE', () => {
    expect(RECRUTEUR_MOVES.reactivate.to).to.equal('ACTIVE');
    expect(canMakeRecruteurMove('REJECTED', 'reactivate')).to.equal(true);
    expect(canMakeRecruteurMove('SUSPENDED', 'reactivate')).to.equal(true);
  });

  it('rejecting and suspending need a reason; the other moves do not', () => {
    const withReason = (Object.keys(RECRUTEUR_MOVES) as RecruteurMove[]).filter(
      (m) => RECRUTEUR_MOVES[m].reasonRequired,
    );
    expect(withReason).to.have.members(['reject', 'suspend']);
  });

  it('the admin list accepts PENDING as a short name for PENDING_APPROVAL, and other statuses as they are', () => {
    expect(recruteurStatusFilter('PENDING')).to.equal('PENDING_APPROVAL');
    expect(recruteurStatusFilter('SUSPENDED')).to.equal('SUSPENDED');
  });
});
