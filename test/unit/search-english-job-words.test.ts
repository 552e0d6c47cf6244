import { expect } from 'chai';
import { fold } from '../../domain/search/analyzer.ts';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { ENGLISH_JOB_WORDS, englishJobWordGroups } from '../../seeds/data/english-job-words.ts';
import { SYNONYM_SETS } from '../../seeds/search-synonyms.ts';
import { searchTitles, shippedSynonyms, synonymsOfSets, titledOffre } from '../helpers/title-index.ts';

const SET = 'seed.synonyms.english-job-words.1';

/** Every shipped set but the English job words: what the engine did before them. */
const withoutEnglishJobWords = () => synonymsOfSets((name) => name !== SET);

describe('English words of job titles written for the project (unit)', () => {
  it('are shipped as two-term groups, English then French, each English word with each of its French terms', () => {
    const groups = englishJobWordGroups();
    expect(SYNONYM_SETS.find((s) => s.name === SET)?.groups()).to.deep.equal(groups);
    expect(groups).to.deep.include.members([
      ['manager', 'responsable'],
      ['manager', 'directeur'],
      ['worker', 'ouvrier'],
      ['engineer', 'ingénieur'],
    ]);
    for (const g of groups) expect(g).to.have.length(2);
    const pairs = Object.values(ENGLISH_JOB_WORDS).reduce((n, french) => n + french.length, 0);
    expect(groups).to.have.length(pairs);
    // Words that are French words of another meaning are not English sources.
    for (const french of [
      'stage',
      'court',
      'office',
      'pipe',
      'plant',
      'line',
      'chef',
      'senior',
      'maintenance',
      'management',
    ])
      expect(Object.keys(ENGLISH_JOB_WORDS).map(fold), french).not.to.include(french);
  });

  it('let an English title the tables do not hold meet French offers by its words: "logistics head"', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Responsable logistique'));
    index.upsert(titledOffre(2, 'Chef de chantier'));
    index.upsert(titledOffre(3, 'Magasinier'));
    index.upsert(titledOffre(4, 'Ouvrier de forage pétrolier'));
    expect(searchTitles(index, shippedSynonyms(), 'logistics head')[0]).to.equal(1);
    expect(searchTitles(index, shippedSynonyms(), 'oil rig worker')[0]).to.equal(4);
    // Before them, "head" was only a "chef", whatever the logistics.
    expect(searchTitles(index, withoutEnglishJobWords(), 'logistics head')[0]).to.equal(2);
  });

  it('are one hop: a French word meets its English words, not the other French words of them', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Responsable logistique'));
    index.upsert(titledOffre(2, 'Directeur commercial'));
    index.upsert(titledOffre(3, 'Logistics manager'));
    const found = searchTitles(index, shippedSynonyms(), 'responsable');
    expect(found).to.have.members([1, 3]);
    expect(found[0]).to.equal(1);
  });
});
