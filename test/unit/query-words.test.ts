import { expect } from 'chai';
import { queryWords, spelledOut, tokenCount, MAX_QUERY_WORDS } from '../../domain/search/query-words.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { stem } from '../../domain/search/analyzer.ts';

const synonyms = new SynonymSet([
  { id: 1, terms: ['développeur', 'dev', 'programmeur'] },
  { id: 2, terms: ['RH', 'ressources humaines'] },
  { id: 3, terms: ['comptable', 'compta'] },
  { id: 4, terms: ['DRH', 'HR director', 'directeur des ressources humaines'] },
]);

describe('Search query words (unit)', () => {
  it('gives each word its synonyms, by stem', () => {
    const [w] = queryWords('Développeurs', synonyms);
    expect(w.literal).to.deep.equal(['developpeurs']);
    expect(w.alternatives).to.deep.equal([['developpeurs'], ['developpeur'], ['dev'], ['programmeur']]);
    expect(w.typos).to.equal(2);
  });

  it('reads a multi-word term as one query word', () => {
    const words = queryWords('ressources humaines Douala', synonyms);
    expect(words.map((w) => w.literal)).to.deep.equal([['ressources', 'humaines'], ['douala']]);
    expect(words[0].alternatives).to.deep.equal([['ressources', 'humaines'], ['rh']]);
    expect(words[0].typos).to.equal(0);
    // Its tokens, read alone, count one by one when no term of the group matches.
    expect(words[0].parts.map((p) => [p.literal, p.typos])).to.deep.equal([
      [['ressources'], 2],
      [['humaines'], 1],
    ]);
    expect(words[1].parts).to.deep.equal([]);
    expect(tokenCount(words)).to.equal(3);
  });

  it('reads an acronym as its spelled-out term when asked (a search that found nothing)', () => {
    const wider = spelledOut(queryWords('DRH Douala', synonyms), synonyms);
    expect(wider?.map((w) => w.literal)).to.deep.equal([['directeur', 'ressources', 'humaines'], ['douala']]);
    expect(wider?.[0].parts.map((p) => p.literal)).to.deep.equal([
      ['directeur'],
      ['ressources'],
      ['humaines'],
    ]);
    expect(tokenCount(wider ?? [])).to.equal(4);
    expect(spelledOut(queryWords('RH', synonyms), synonyms)?.map((w) => w.literal)).to.deep.equal([
      ['ressources', 'humaines'],
    ]);
    // Synonyms that are not its initials ("compta", "HR director") are no spelling out.
    expect(spelledOut(queryWords('compta développeur', synonyms), synonyms)).to.equal(null);
  });

  it('drops stop-words and symbols, and caps the number of words', () => {
    expect(queryWords('le de la +-"*@()<>~', synonyms)).to.deep.equal([]);
    expect(queryWords('a b c d e f g h i j k l m', synonyms)).to.have.length(MAX_QUERY_WORDS);
  });

  it('gives technical tokens and short words no typo tolerance', () => {
    expect(queryWords('C++ RH java', synonyms).map((w) => w.typos)).to.deep.equal([0, 0, 0]);
  });
});

describe('Search query words with typos in synonym terms (unit)', () => {
  const titles = new SynonymSet([
    { id: 1, terms: ['acheteur de commerce', 'acheteur import', 'acheteur industriel'] },
    { id: 2, terms: ['acheteuse', 'acheteur'] },
  ]);
  const indexed = new Set(['acheteur', 'commerce', 'import', 'industriel', 'douala'].map(stem));
  const known = (s: string) => indexed.has(s);

  it('reads a word no offer holds as the term it is one typo away from, and stands for that term', () => {
    const [w] = queryWords('acheteru de commerce', titles, known);
    expect(w.literal).to.deep.equal(['acheteur', 'commerce']);
    expect(w.alternatives).to.deep.include.members([
      ['acheteur', 'import'],
      ['acheteur', 'industriel'],
    ]);
  });

  it('corrects a later word of a term too', () => {
    const [w] = queryWords('acheteur de comerce', titles, known);
    expect(w.literal).to.deep.equal(['acheteur', 'commerce']);
  });

  it('never reads a word offers hold as another, nor corrects without the index', () => {
    indexed.add(stem('acheteru'));
    expect(queryWords('acheteru de commerce', titles, known)[0].literal).to.deep.equal(['acheteru']);
    indexed.delete(stem('acheteru'));
    expect(queryWords('acheteru de commerce', titles)[0].literal).to.deep.equal(['acheteru']);
  });

  it('corrects no synonym term when told not to (job alerts), and still reads compounds', () => {
    const read = queryWords('acheteru de commerce', titles, known, { synonymTypos: false });
    expect(read.map((w) => w.literal)).to.deep.equal([['acheteru'], ['commerce']]);
    indexed.add(stem('backend'));
    const [compound] = queryWords('back end', titles, known, { synonymTypos: false });
    indexed.delete(stem('backend'));
    expect(compound.alternatives).to.deep.include(['backend']);
  });

  it('leaves words too short for a typo as typed', () => {
    const few = new SynonymSet([{ id: 1, terms: ['chef de rayon', 'manager de rayon'] }]);
    expect(queryWords('chaf de rayon', few, known)[0].literal).to.deep.equal(['chaf']);
  });
});

describe('Search query words with abbreviations inside synonym terms (unit)', () => {
  const set = new SynonymSet([
    {
      id: 1,
      terms: ['DAF', 'directeur administratif et financier', 'direction administrative et financière'],
    },
    {
      id: 2,
      terms: ['adjoint à la direction administrative et financière', 'adjoint au directeur financier'],
    },
    { id: 3, terms: ['IT', 'informatique'] },
  ]);

  it('reads a short term inside a longer one as the other terms of its group', () => {
    const [w, ...rest] = queryWords('adjoint à la DAF', set);
    expect(rest).to.deep.equal([]);
    expect(w.literal).to.deep.equal(['adjoint', 'direction', 'administrative', 'financiere']);
    expect(w.alternatives).to.deep.include(['adjoint', 'directeur', 'financier']);
  });

  it('keeps the abbreviation alone, and words around it, as they are', () => {
    const words = queryWords('DAF Douala', set);
    expect(words.map((w) => w.literal)).to.deep.equal([['daf'], ['douala']]);
    expect(words[0].alternatives).to.deep.include(['directeur', 'administratif', 'financier']);
    expect(queryWords('ingénieur IT', set).map((w) => w.literal)).to.deep.equal([['ingenieur'], ['it']]);
  });

  it('expands only abbreviations, the terms written in capitals in their group', () => {
    const words = new SynonymSet([
      { id: 1, terms: ['chef', 'responsable'] },
      { id: 2, terms: ['responsable de rayon', 'manager de rayon'] },
    ]);
    expect(queryWords('chef de rayon', words).map((w) => w.literal)).to.deep.equal([['chef'], ['rayon']]);
  });
});

describe('Search query words of a term in several synonym groups (unit)', () => {
  // "gérant" is in three groups; "patron" is in two of them, "responsable" and "tenancier" in one.
  const groups = new SynonymSet([
    { id: 1, terms: ['gérant', 'responsable', 'patron'] },
    { id: 2, terms: ['gérant', 'patron'] },
    { id: 3, terms: ['gérant', 'tenancier'] },
  ]);

  it('keeps the terms that only one of its groups holds apart, as related', () => {
    const [w] = queryWords('gérants', groups);
    expect(w.alternatives).to.deep.equal([['gerants'], ['gerant'], ['patron']]);
    expect(w.related).to.deep.equal([['responsable'], ['tenancier']]);
  });

  // Offers hold only the groups' words, so no word of another family is looked up (derivations.ts).
  const held = (...words: string[]) => {
    const stems = new Set(words.map(stem));
    return (s: string) => stems.has(s);
  };

  it('reads every term of a term in one group as a plain synonym', () => {
    const [w] = queryWords('responsable', groups, held('gerant', 'responsable', 'patron', 'tenancier'));
    expect(w.alternatives).to.deep.equal([['responsable'], ['gerant'], ['patron']]);
    expect(w.related).to.deep.equal([]);
  });

  it('counts a term once in a group that holds two of its forms', () => {
    const forms = new SynonymSet([
      { id: 1, terms: ['acheteur', 'acheteuse', 'buyer'] },
      { id: 2, terms: ['acheteur', 'purchaser'] },
    ]);
    const [w] = queryWords('acheteur', forms, held('acheteur', 'buyer', 'purchaser'));
    expect(w.alternatives).to.deep.equal([['acheteur']]);
    expect(w.related).to.deep.equal([['buyer'], ['purchaser']]);
  });

  it('drops the words that introduce a search at its start, not where they start a job title or stand alone', () => {
    const coach = new SynonymSet([{ id: 1, terms: ['job coach', 'conseiller en insertion'] }]);
    const literals = (text: string) => queryWords(text, coach).map((w) => w.literal.join(' '));
    expect(literals("offre d'emploi comptable Douala")).to.deep.equal(['comptable', 'douala']);
    expect(literals('je cherche un emploi de chauffeur')).to.deep.equal(['chauffeur']);
    expect(literals('je recherche un emploi de chauffeur')).to.deep.equal(['chauffeur']);
    expect(literals('recrutement infirmier')).to.deep.equal(['infirmier']);
    expect(literals('job developer')).to.deep.equal(['developer']);
    // A job title that starts with one, a word of titles alone, a preamble word elsewhere or alone.
    expect(literals('job coach')).to.deep.equal(['job coach']);
    expect(literals('recherche clinique')).to.deep.equal(['recherche', 'clinique']);
    expect(literals('conseiller emploi')).to.deep.equal(['conseiller', 'emploi']);
    expect(literals('emploi')).to.deep.equal(['emploi']);
  });
});
