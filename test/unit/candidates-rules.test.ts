/** Candidates: who counts as the signed-in candidate, and which accounts are probably one person. */
import { expect } from 'chai';
import { gmailMailbox } from '../../domain/candidates/candidate-duplicates.ts';
import { currentCandidateId } from '../../domain/candidates/current-candidate.ts';
import { CANDIDATE_SORTS } from '../../domain/candidates/list-all-candidates.ts';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.ts';
import type { Actor, Ctx } from '../../domain/context.ts';

const as = (actor: Actor) => ({ actor }) as unknown as Ctx;

describe('Candidate rules (unit)', () => {
  it('the candidate’s own routes are for a signed-in candidate: anyone else is refused', () => {
    expect(currentCandidateId(as({ type: 'account', id: 5, role: 'CANDIDAT', email: 'a@b.cm' }))).to.equal(5);
    expect(() => currentCandidateId(as({ type: 'anonymous' }))).to.throw(UnauthorizedError);
    expect(() =>
      currentCandidateId(as({ type: 'account', id: 6, role: 'RECRUTEUR', email: 'r@b.cm' })),
    ).to.throw(ForbiddenError, 'Candidates only');
    expect(() => currentCandidateId(as({ type: 'system', id: 'cli:root' }))).to.throw(UnauthorizedError);
  });

  it('administrators can sort candidates by sign-up date, names, email or id', () => {
    expect(Object.keys(CANDIDATE_SORTS)).to.have.members(['createdAt', 'nom', 'prenom', 'email', 'id']);
  });
});

describe('Candidate duplicates by Gmail mailbox (unit)', () => {
  it('dots and the +tag of a Gmail address are ignored, and googlemail.com is gmail.com', () => {
    expect(gmailMailbox('a.line+jobs@gmail.com')).to.equal('aline@gmail.com');
    expect(gmailMailbox('aline@googlemail.com')).to.equal('aline@gmail.com');
    expect(gmailMailbox('al.i.ne@gmail.com')).to.equal('aline@gmail.com');
  });

  it('other providers keep their addresses as they are (no mailbox key)', () => {
    expect(gmailMailbox('a.line+jobs@yahoo.fr')).to.equal(null);
    expect(gmailMailbox('aline@gmail.com.cm')).to.equal(null);
    expect(gmailMailbox('no-at-sign')).to.equal(null);
  });
});
