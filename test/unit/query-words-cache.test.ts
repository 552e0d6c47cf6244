import { expect } from 'chai';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { searchWordsOf } from '../../domain/search/query-words-cache.ts';
import { titledOffre } from '../helpers/title-index.ts';

const developers = new SynonymSet([{ id: 1, terms: ['développeur', 'dev', 'programmeur'] }]);

/** What reading the text afresh gives, to compare with the kept reading. */
const afresh = (search: { index: OffreIndex; synonyms: SynonymSet }, text: string) =>
  queryWords(text, search.synonyms, (s) => search.index.knowsStem(s));

describe('Search query words kept per index state (unit)', () => {
  it('reads a text once while the index holds the same words and the synonyms are the same', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Développeur Java'));
    const search = { index, synonyms: developers };
    const first = searchWordsOf(search, 'dev java');
    expect(first).to.deep.equal(afresh(search, 'dev java'));
    expect(searchWordsOf(search, 'dev java')).to.equal(first);
    // An offer made of words the index already holds changes nothing a reading depends on.
    index.upsert(titledOffre(2, 'Java développeur'));
    expect(searchWordsOf(search, 'dev java')).to.equal(first);
  });

  it('reads again once a word enters or leaves the index: a typo no offer held, then held', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Comptable'));
    const search = { index, synonyms: developers };
    // No offer holds "programeur": it is read as the synonym term it misspells.
    expect(searchWordsOf(search, 'programeur')[0].literal).to.deep.equal(['programmeur']);
    index.upsert(titledOffre(2, 'Programeur'));
    const held = searchWordsOf(search, 'programeur');
    expect(held[0].literal).to.deep.equal(['programeur']);
    expect(held).to.deep.equal(afresh(search, 'programeur'));
    // A removed offer's words leave the index when it compacts; the reading follows what it holds.
    index.remove(2);
    expect(searchWordsOf(search, 'programeur')).to.deep.equal(afresh(search, 'programeur'));
    index.compact();
    expect(searchWordsOf(search, 'programeur')[0].literal).to.deep.equal(['programmeur']);
  });

  it('reads again with other synonyms, and keeps each index apart', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Comptable'));
    const before = searchWordsOf({ index, synonyms: developers }, 'dev');
    const accounting = new SynonymSet([{ id: 2, terms: ['comptable', 'compta'] }]);
    const after = searchWordsOf({ index, synonyms: accounting }, 'dev');
    expect(after).to.not.equal(before);
    expect(after).to.deep.equal(afresh({ index, synonyms: accounting }, 'dev'));
    const other = new OffreIndex();
    expect(searchWordsOf({ index: other, synonyms: accounting }, 'dev')).to.not.equal(after);
  });
});
