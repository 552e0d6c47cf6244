import { expect } from 'chai';
import { cognates } from '../../domain/search/cognates.ts';
import { OffreIndex, type IndexedOffre } from '../../domain/search/offre-index.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { PARTIAL_BELOW } from '../../domain/search/relevance.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';

function offre(id: number, titre: string): IndexedOffre {
  return {
    id,
    titre,
    competences: [],
    description: 'Poste basé à Douala',
    entrepriseId: 1,
    entrepriseNom: 'Société',
    secteurId: null,
    villeId: null,
    regionId: null,
    contractType: 'CDI',
    remotePossible: false,
    salaireMin: null,
    salaireMax: null,
    deadline: null,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + id)),
    createdAt: new Date(Date.UTC(2026, 0, 1)),
  };
}

function search(index: OffreIndex, synonyms: SynonymSet, q: string): number[] {
  return index
    .query({
      words: queryWords(q, synonyms),
      filters: {},
      today: '2026-01-01',
      sort: [{ field: 'relevance', direction: 'desc' }],
      offset: 0,
      limit: 20,
      partialBelow: PARTIAL_BELOW,
    })
    .hits.map((h) => h.id);
}

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
    index.upsert(offre(1, 'Psychothérapeute'));
    index.upsert(offre(2, 'Historien'));
    index.upsert(offre(3, 'Comptable'));
    expect(search(index, new SynonymSet(), 'psychotherapist')).to.deep.equal([1]);
    expect(search(index, new SynonymSet(), 'historians')).to.deep.equal([2]);
    // A word an offer holds as typed keeps it first.
    index.upsert(offre(4, 'Historian'));
    expect(search(index, new SynonymSet(), 'historian')).to.deep.equal([4, 2]);
  });

  it('counts query words side by side in the title through their synonyms', () => {
    const index = new OffreIndex();
    const synonyms = new SynonymSet([{ id: 1, terms: ['IT', 'informatique'] }]);
    // Same words, same length: the title with "informatique" right after "analyste" first, though older.
    index.upsert(offre(1, 'Analyste informatique Douala'));
    index.upsert(offre(2, 'Analyste résistance informatique'));
    expect(search(index, synonyms, 'analyste IT')).to.deep.equal([1, 2]);
  });
});
