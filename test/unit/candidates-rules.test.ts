/** Candidates: who counts as the signed-in candidate, and which accounts are probably one person. */
import { expect } from 'chai';
import { gmailMailbox } from '../../domain/candidats/candidat-duplicates.ts';
import { currentCandidatId } from '../../domain/candidats/current-candidat.ts';
import { CANDIDAT_SORTS } from '../../domain/candidats/list-all-candidats.ts';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.ts';
import type { Actor, Ctx } from '../../domain/context.ts';

const as = (actor: Actor) => ({ actor }) as unknown as Ctx;

describe('Candidate rules (unit)', () => {
  it('the candidate’s own routes are for a signed-in candidate: anyone else is refused', () => {
    expect(currentCandidatId(as({ type: 'account', id: 5, role: 'CANDIDAT', email: 'a@b.cm' }))).to.equal(5);
    expect(() => currentCandidatId(as({ type: 'anonymous' }))).to.throw(UnauthorizedError);
    expect(() =>
      currentCandidatId(as({ type: 'account', id: 6, role: 'RECRUTEUR', email: 'r@b.cm' })),
    ).to.throw(ForbiddenError, 'Candidates only');
    expect(() => currentCandidatId(as({ type: 'system', id: 'cli:root' }))).to.throw(UnauthorizedError);
  });

  it('administrators can sort candidates by sign-up date, names, email or id', () => {
    expect(Object.keys(CANDIDAT_SORTS)).to.have.members(['createdAt', 'nom', 'prenom', 'email', 'id']);
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
