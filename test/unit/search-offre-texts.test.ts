/** The fields the search index reads of an offer: the place and the contract follow the description. */
import { expect } from 'chai';
import { searchedTexts } from '../../domain/search/offre-texts.ts';
import { OffreIndex, queryWords, SynonymSet, type IndexedOffre } from '../../domain/search/index.ts';
import { titledOffre } from '../helpers/title-index.ts';

const base = {
  titre: 'Magasinier',
  competences: ['Inventaire', 'Cariste'],
  description: 'Gestion du stock.',
};

describe('Search: the texts of an offer', () => {
  it('are the title, the skills, and the description followed by the place, the contract word and remote work', () => {
    expect(
      searchedTexts({
        ...base,
        contractType: 'FREELANCE',
        remotePossible: true,
        localisation: 'Douala, Akwa',
        villeNom: 'Douala',
      }),
    ).to.deep.equal([
      'Magasinier',
      'Inventaire \n Cariste',
      'Gestion du stock. \n Douala, Akwa \n Douala \n freelance \n télétravail',
    ]);
    expect(searchedTexts(base)).to.deep.equal(['Magasinier', 'Inventaire \n Cariste', 'Gestion du stock.']);
  });

  it('let a query find the contract and the city the text never names', () => {
    const index = new OffreIndex();
    const offre = (id: number, more: Partial<IndexedOffre>): IndexedOffre => ({
      ...titledOffre(id, base.titre),
      ...base,
      ...more,
    });
    index.upsert(offre(1, { contractType: 'STAGE', villeNom: 'Garoua' }));
    index.upsert(offre(2, { contractType: 'CDD', localisation: 'Kribi', remotePossible: true }));
    const synonyms = new SynonymSet([]);
    const ids = (q: string) =>
      index
        .query({
          words: queryWords(q, synonyms, (s) => index.knowsStem(s)),
          filters: {},
          today: '2026-01-02',
          sort: [{ field: 'relevance', direction: 'desc' }],
          offset: 0,
          limit: 10,
        })
        .hits.map((h) => h.id);
    expect(ids('magasinier stage')).to.deep.equal([1]);
    expect(ids('garoua')).to.deep.equal([1]);
    expect(ids('CDD kribi')).to.deep.equal([2]);
    expect(ids('teletravail')).to.deep.equal([2]);
    expect(new Set(ids('magasinier')), 'nothing else changes').to.deep.equal(new Set([1, 2]));
  });
});
