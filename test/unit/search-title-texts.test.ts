import { expect } from 'chai';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { TitleTexts } from '../../domain/search/title-texts.ts';
import { tokens } from '../../domain/search/analyzer.ts';
import { titledOffre } from '../helpers/title-index.ts';

describe('Search titles shared by the offers of equal titles (unit)', () => {
  it('gives equal titles one text, with stems, and forgets it once no offer holds it', () => {
    const titles = new TitleTexts();
    const a = titles.acquire(tokens('Comptables confirmés'));
    const b = titles.acquire(tokens('COMPTABLES confirmés'));
    expect(b).to.equal(a);
    expect(a.words).to.deep.equal(['comptables', 'confirmes']);
    expect(a.stems).to.have.length(2);
    expect(titles.acquire(tokens('Comptable'))).to.not.equal(a);
    expect(titles.size).to.equal(2);
    titles.release(a);
    expect(titles.size).to.equal(2);
    titles.release(b);
    expect(titles.size).to.equal(1);
  });

  it('counts the distinct titles of the offers the index holds, through edits, removals and compaction', () => {
    const index = new OffreIndex();
    for (let id = 1; id <= 1200; id++)
      index.upsert(titledOffre(id, id % 3 ? 'Comptable' : `Chauffeur ${id}`));
    expect(index.titleCount).to.equal(1 + 400);
    // An edit moves an offer to another title; the old one stays while others hold it.
    index.upsert(titledOffre(3, 'Comptable'));
    expect(index.titleCount).to.equal(400);
    // Removing 1,100 offers compacts the index (more than 1,000 dead slots, a quarter of them).
    for (let id = 1; id <= 1100; id++) index.remove(id);
    const left = Array.from({ length: 100 }, (_, k) => 1101 + k);
    expect(index.titleCount).to.equal(1 + left.filter((id) => id % 3 === 0).length);
    for (const id of left) index.remove(id);
    expect(index.titleCount).to.equal(0);
  });
});
