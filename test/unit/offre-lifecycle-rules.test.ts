/** The offer lifecycle: which status changes are allowed, and what a recruiter may do in each status. */
import { expect } from 'chai';
import {
  canMoveOffre,
  offreStatusesBefore,
  EDITABLE_OFFRE_STATUSES,
  DELETABLE_OFFRE_STATUSES,
} from '../../domain/offre-lifecycle/offre-statuses.ts';
import type { OffreStatus } from '../../models/offre.ts';

const ALL: OffreStatus[] = ['DRAFT', 'PUBLISHED', 'ARCHIVED'];

describe('Offer lifecycle rules (unit)', () => {
  it('a draft can be published, and a published offer archived', () => {
    expect(canMoveOffre('DRAFT', 'PUBLISHED')).to.equal(true);
    expect(canMoveOffre('PUBLISHED', 'ARCHIVED')).to.equal(true);
  });

  it('a draft cannot be archived directly, nor a published offer go back to draft', () => {
    expect(canMoveOffre('DRAFT', 'ARCHIVED')).to.equal(false);
    expect(canMoveOffre('PUBLISHED', 'DRAFT')).to.equal(false);
  });

  it('an archived offer is final: it moves nowhere, not even to PUBLISHED again', () => {
    for (const to of ALL) expect(canMoveOffre('ARCHIVED', to), `ARCHIVED -> ${to}`).to.equal(false);
  });

  it('no status moves to itself', () => {
    for (const s of ALL) expect(canMoveOffre(s, s), s).to.equal(false);
  });

  it('publishing starts only from DRAFT, archiving only from PUBLISHED, and nothing goes back to DRAFT', () => {
    expect(offreStatusesBefore('PUBLISHED')).to.deep.equal(['DRAFT']);
    expect(offreStatusesBefore('ARCHIVED')).to.deep.equal(['PUBLISHED']);
    expect(offreStatusesBefore('DRAFT')).to.deep.equal([]);
  });

  it('an offer can be edited as a draft and while published, not once archived', () => {
    expect(EDITABLE_OFFRE_STATUSES).to.have.members(['DRAFT', 'PUBLISHED']);
    expect(EDITABLE_OFFRE_STATUSES).not.to.include('ARCHIVED');
  });

  it('a recruiter may delete only a draft: a published offer is archived instead', () => {
    expect(DELETABLE_OFFRE_STATUSES).to.deep.equal(['DRAFT']);
  });
});
