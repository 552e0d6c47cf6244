import { expect } from 'chai';
import { genderForms } from '../../seeds/data/build-rome-job-titles.ts';
import {
  romeMoreEnglishGroups,
  romeOccupations,
  romeSynonymGroups,
} from '../../seeds/data/rome-job-titles.ts';
import { romeEnglishTitles, romeMoreEnglishTitles } from '../../seeds/data/rome-english-titles.ts';
import { escoOccupations } from '../../seeds/data/esco-job-titles.ts';
import { MAX_TERMS } from '../../domain/search/synonym-groups.ts';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { searchTitles, shippedSynonyms, titledOffre } from '../helpers/title-index.ts';

describe('The ROME table of job titles (unit)', () => {
  it('reads both forms out of a ROME title', () => {
    expect(genderForms('Acheteur / Acheteuse de commerce')).to.deep.equal([
      'acheteur de commerce',
      'acheteuse de commerce',
    ]);
    expect(genderForms('Agent spécialisé / Agente spécialisée des écoles maternelles (ASEM)')).to.deep.equal([
      'agent spécialisé des écoles maternelles',
      'agente spécialisée des écoles maternelles',
    ]);
    expect(genderForms("Agent / Agente d'administration principal(e) des douanes")).to.deep.equal([
      "agent d'administration principal des douanes",
      "agente d'administration principale des douanes",
    ]);
    expect(genderForms('Actuaire')).to.deep.equal(['actuaire']);
  });

  it("ships the occupations without the one-word titles that head other occupations' titles", () => {
    const occupations = romeOccupations();
    expect(occupations.length).to.be.greaterThan(1200);
    const buyer = occupations.find((o) => o.id === 'M1101');
    expect(buyer?.titles).to.include.members(['acheteur industriel', 'acheteur public']);
    // "Acheteur d'espaces publicitaires" is another occupation: "acheteur" alone would pull it in.
    expect(buyer?.titles).not.to.include('acheteur');
  });

  it('cuts a large occupation into groups that all hold its main title', () => {
    const titles = Array.from({ length: 45 }, (_, i) => `titre ${i}`);
    const groups = romeSynonymGroups([{ id: 'H1206', titles }]);
    expect(groups.map((g) => g.length)).to.deep.equal([MAX_TERMS, MAX_TERMS, 7]);
    for (const g of groups) expect(g[0]).to.equal('titre 0');
    expect(new Set(groups.flat())).to.have.property('size', 45);
    expect(romeSynonymGroups([{ id: 'A1101', titles: titles.slice(0, 3) }])).to.deep.equal([
      titles.slice(0, 3),
    ]);
  });

  it('lets a title typed with a typo find the other titles of its occupation, itself first', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Acheteur industriel H/F'));
    index.upsert(titledOffre(2, 'Acheteur public'));
    index.upsert(titledOffre(3, 'Commercial import-export'));
    const synonyms = new SynonymSet(
      romeSynonymGroups(romeOccupations()).map((terms, i) => ({ id: i + 1, terms })),
    );
    expect(searchTitles(index, synonyms, 'acheteur indutriel')).to.deep.equal([1, 2]);
  });

  it('lends an occupation the English titles of the ESCO occupations that share one of its titles', () => {
    const rome = [
      { id: 'N4103', titles: ['conducteur de bus', 'chauffeur de ligne', 'machiniste receveur'] },
      { id: 'N4102', titles: ['chauffeur de taxi', 'conducteur de taxi'] },
    ];
    const esco = [
      { id: 'e1', fr: ['conductrice de bus', 'chauffeur de bus'], en: ['bus driver', 'coach driver'] },
      { id: 'e2', fr: ['chauffeur de taxi'], en: ['taxi driver'] },
      { id: 'e3', fr: ['pilote de ligne'], en: ['airline pilot'] },
    ];
    const lent = romeEnglishTitles(rome, esco);
    expect(Object.fromEntries(lent)).to.deep.equal({
      N4103: ['bus driver', 'coach driver'],
      N4102: ['taxi driver'],
    });
    // Every group of the occupation holds its first title and the English ones.
    const groups = romeSynonymGroups(rome, lent);
    expect(groups[0]).to.deep.equal([
      'conducteur de bus',
      'bus driver',
      'coach driver',
      'chauffeur de ligne',
      'machiniste receveur',
    ]);
    const many = [{ id: 'N4103', titles: Array.from({ length: 40 }, (_, i) => `titre ${i}`) }];
    const chunks = romeSynonymGroups(many, lent);
    for (const g of chunks) expect(g.slice(0, 3)).to.deep.equal(['titre 0', 'bus driver', 'coach driver']);
    expect(chunks.every((g) => g.length <= MAX_TERMS)).to.equal(true);
    expect(new Set(chunks.flatMap((g) => g.slice(3)))).to.have.property('size', 39);
  });

  it('groups each other English title lent with every French title of the occupation', () => {
    const titles = Array.from({ length: 25 }, (_, i) => `titre ${i}`);
    const en = ['e0', 'e1', 'e2', 'e3', 'e4'];
    const moreEn = Array.from({ length: 12 }, (_, i) => `more ${i}`);
    const rome = [{ id: 'D1402', titles }];
    const esco = [{ id: 'x', fr: ['titre 3'], en, moreEn }];
    expect(romeEnglishTitles(rome, esco).get('D1402')).to.deep.equal(en.slice(0, 4));
    const more = romeMoreEnglishTitles(rome, esco);
    expect(more.get('D1402')).to.deep.equal(['e4', ...moreEn]);
    const groups = romeMoreEnglishGroups(rome, more);
    expect(groups.every((g) => g.length <= MAX_TERMS)).to.equal(true);
    for (const e of ['e4', ...moreEn])
      for (const t of titles)
        expect(
          groups.some((g) => g.includes(e) && g.includes(t)),
          `${e} with ${t}`,
        ).to.equal(true);
  });

  it('lets an English title past the four lent reach the titles of the occupation the ESCO one lacks', () => {
    const shipped = shippedSynonyms();
    const index = new OffreIndex();
    index.upsert(titledOffre(1, "Conseiller d'accueil en banque"));
    index.upsert(titledOffre(2, 'Caissier de bureau de change'));
    index.upsert(titledOffre(3, 'Commercial grands comptes et entreprises'));
    index.upsert(titledOffre(4, 'Agent de nettoyage'));
    expect(romeEnglishTitles(romeOccupations(), escoOccupations()).get('D1402')).to.not.include(
      'media salesperson',
    );
    expect(searchTitles(index, shipped, 'media salesperson')).to.deep.equal([3]);
    expect(searchTitles(index, shipped, 'bank clerk')).to.have.members([1, 2]);
  });

  it('lends English titles to hundreds of the shipped occupations: "physiotherapist" meets "Kinésithérapeute"', () => {
    const lent = romeEnglishTitles(romeOccupations(), escoOccupations());
    expect(lent.size).to.be.greaterThan(600);
    expect(lent.get('J1404')).to.include('physiotherapist');
  });
});
