/**
 * Compound words written in one word or two (domain/search/compounds.ts), and how a search reads
 * them: "back end" also meets "Backend", "backend" also meets "Back-End".
 */
import { expect } from 'chai';
import { stem } from '../../domain/search/analyzer.ts';
import { joinedCompound, joinedVariants, splitCompound } from '../../domain/search/compounds.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';

const held = new Set(
  [
    'backend',
    'back',
    'end',
    'full',
    'stack',
    'developpeur',
    'commerce',
    'ecommerce',
    'e',
    'm',
    'mcommerce',
  ].map(stem),
);
const known = (s: string) => held.has(s);
const synonyms = new SynonymSet([{ id: 1, terms: ['développeur back-end', 'développeur web'] }]);

describe('Search compounds (unit)', () => {
  it('joins two words when offers hold the joined word, each half of 3 letters or more but the e- of e-commerce', () => {
    expect(joinedCompound('back', 'end', known)).to.equal('backend');
    expect(joinedCompound('full', 'stack', known)).to.equal(null);
    expect(joinedCompound('e', 'commerce', known)).to.equal('ecommerce');
    expect(joinedCompound('m', 'commerce', known)).to.equal(null);
  });

  it('cuts a word in two words offers hold, and only then', () => {
    expect(splitCompound('fullstack', known)).to.deep.equal([['full', 'stack']]);
    expect(splitCompound('backend', known)).to.deep.equal([['back', 'end']]);
    expect(splitCompound('ecommerce', known)).to.deep.equal([['e', 'commerce']]);
    expect(splitCompound('mcommerce', known)).to.deep.equal([]);
    expect(splitCompound('developpeur', known)).to.deep.equal([]);
  });

  it('reads a letter prefix and its word as one word: "e-commerce", "e commerce" and "ecommerce" alike', () => {
    for (const q of ['e-commerce', 'e commerce', 'ecommerce']) {
      const words = queryWords(q, synonyms, known);
      expect(
        words.map((w) => w.literal),
        q,
      ).to.deep.equal([['ecommerce']]);
      expect(words[0].alternatives, q).to.deep.include.members([['ecommerce'], ['e', 'commerce']]);
    }
    // Job alerts know no index words: the two writings still meet.
    expect(queryWords('e-commerce', synonyms)[0].alternatives).to.deep.include(['e', 'commerce']);
    // Only the e- of the electronic trades: another letter stays a token of its own.
    expect(queryWords('m commerce', synonyms, known).map((w) => w.literal)).to.deep.equal([
      ['m'],
      ['commerce'],
    ]);
  });

  it('gives the variants of typed words with one pair joined', () => {
    expect(joinedVariants(['developpeur', 'back', 'end'], known)).to.deep.equal([['developpeur', 'backend']]);
    expect(joinedVariants(['developpeur', 'web'], known)).to.deep.equal([]);
  });

  it('reads "back end" as one query word meeting "backend", and "backend" as meeting "back end"', () => {
    const [two] = queryWords('back end', synonyms, known);
    expect(two.literal).to.deep.equal(['back', 'end']);
    expect(two.alternatives).to.deep.equal([['back', 'end'], ['backend']]);
    expect(two.parts.map((p) => p.literal)).to.deep.equal([['back'], ['end']]);
    const [one] = queryWords('backend', synonyms, known);
    expect(one.alternatives).to.deep.include(['back', 'end']);
    // A synonym term typed with a hyphen also meets the offers that write it as one word.
    const [term] = queryWords('développeur back-end', synonyms, known);
    expect(term.alternatives).to.deep.include.members([
      ['developpeur', 'web'],
      ['developpeur', 'backend'],
    ]);
    // Without knowing the index's words (job alerts), nothing is joined nor cut.
    expect(queryWords('back end', synonyms).map((w) => w.literal)).to.deep.equal([['back'], ['end']]);
  });
});
