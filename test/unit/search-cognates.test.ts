import { expect } from 'chai';
import { cognates } from '../../domain/search/cognates.ts';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { searchTitles, titledOffre } from '../helpers/title-index.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';

describe('Search: English cognates and proximity through synonyms (unit)', () => {
  it('gives the French forms of English endings, none for short or unknown endings', () => {
    expect(cognates('therapist')).to.deep.equal(['therapeute']);
    expect(cognates('technicians')).to.deep.equal(['technicien']);
    expect(cognates('inspector')).to.deep.equal(['inspecteur']);
    expect(cognates('secretary')).to.deep.equal(['secretaire']);
    expect(cognates('biotechnological')).to.deep.equal(['biotechnologique']);
    expect(cognates('geologist')).to.deep.equal(['geologue', 'geologiste']);
    expect(cognates('car')).to.deep.equal([]);
    expect(cognates('java')).to.deep.equal([]);
    expect(cognates('node.js')).to.deep.equal([]);
  });

  it('finds the French title of an English word no offer holds, below the word itself', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Psychothérapeute'));
    index.upsert(titledOffre(2, 'Historien'));
    index.upsert(titledOffre(3, 'Comptable'));
    expect(searchTitles(index, new SynonymSet(), 'psychotherapist')).to.deep.equal([1]);
    expect(searchTitles(index, new SynonymSet(), 'historians')).to.deep.equal([2]);
    // A word an offer holds as typed keeps it first.
    index.upsert(titledOffre(4, 'Historian'));
    expect(searchTitles(index, new SynonymSet(), 'historian')).to.deep.equal([4, 2]);
  });

  it('counts query words side by side in the title through their synonyms', () => {
    const index = new OffreIndex();
    const synonyms = new SynonymSet([{ id: 1, terms: ['IT', 'informatique'] }]);
    // Same words, same length: the title with "informatique" right after "analyste" first, though older.
    index.upsert(titledOffre(1, 'Analyste informatique Douala'));
    index.upsert(titledOffre(2, 'Analyste résistance informatique'));
    expect(searchTitles(index, synonyms, 'analyste IT')).to.deep.equal([1, 2]);
  });
});
