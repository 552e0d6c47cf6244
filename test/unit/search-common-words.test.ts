import { expect } from 'chai';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { searchTitles, titledOffre } from '../helpers/title-index.ts';

describe('Search: a word many offers hold as typed is not read with typos (unit)', () => {
  it('"stage" on a site of internships does not find "Sage-femme"; on a site with few, it still may', () => {
    const few = new OffreIndex();
    few.upsert(titledOffre(1, 'Sage-femme'));
    for (let i = 0; i < 3; i++) few.upsert(titledOffre(10 + i, `Stage : comptable ${i}`));
    // Three offers hold "stage": a rare word keeps its tolerance, the typo ranked after them.
    expect(searchTitles(few, new SynonymSet(), 'stage')).to.deep.equal([12, 11, 10, 1]);

    const many = new OffreIndex();
    many.upsert(titledOffre(1, 'Sage-femme'));
    for (let i = 0; i < 25; i++) many.upsert(titledOffre(10 + i, `Stage : comptable ${i}`));
    const found = searchTitles(many, new SynonymSet(), 'stage', 100);
    expect(found).to.have.length(25);
    expect(found).to.not.include(1);
    // The rarer word is still read with a typo: "sagee" finds "Sage-femme".
    expect(searchTitles(many, new SynonymSet(), 'sagee')).to.deep.equal([1]);
  });
});
