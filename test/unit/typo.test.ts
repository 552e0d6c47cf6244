import { expect } from 'chai';
import { typoBudget, withinTypoDistance } from '../../domain/search/typo.ts';

describe('Search typo tolerance (unit)', () => {
  it('allows no edit under 5 letters, one from 5 to 8, two from 9', () => {
    expect(['java', 'rh', 'btp'].map(typoBudget)).to.deep.equal([0, 0, 0]);
    expect(['agent', 'chauffeur'.slice(0, 8)].map(typoBudget)).to.deep.equal([1, 1]);
    expect(['chauffeur', 'developpeur'].map(typoBudget)).to.deep.equal([2, 2]);
  });

  it('counts insertions, deletions, substitutions and transpositions as one edit each', () => {
    expect(withinTypoDistance('devloppeur', 'developpeur', 2)).to.equal(true); // deletion
    expect(withinTypoDistance('comptabel', 'comptable', 1)).to.equal(true); // transposition
    expect(withinTypoDistance('chauffer', 'chauffeur', 1)).to.equal(true); // insertion
    expect(withinTypoDistance('agant', 'agent', 1)).to.equal(true); // substitution
    expect(withinTypoDistance('agnat', 'agent', 1)).to.equal(false); // two edits
    expect(withinTypoDistance('devlopeur', 'developpeur', 2)).to.equal(true);
    expect(withinTypoDistance('dvlopeur', 'developpeur', 2)).to.equal(false);
  });

  it('never edits the first letter', () => {
    expect(withinTypoDistance('gomptable', 'comptable', 2)).to.equal(false);
    expect(withinTypoDistance('eveloppeur', 'developpeur', 2)).to.equal(false);
  });
});
