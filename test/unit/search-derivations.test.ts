import { expect } from 'chai';
import { derivedForms } from '../../domain/search/derivations.ts';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { searchTitles, titledOffre } from '../helpers/title-index.ts';

describe('Search: words of one family, the trade and who practises it (unit)', () => {
  it('gives the other members of a folded word’s families, plural or not', () => {
    expect(derivedForms('geothermicien')).to.include.members(['geothermie', 'geothermique', 'geothermiste']);
    expect(derivedForms('geothermiciens')).to.include.members(['geothermie', 'geothermiste']);
    expect(derivedForms('cardiologue')).to.include.members(['cardiologie', 'cardiologique']);
    expect(derivedForms('menuiserie')).to.include.members(['menuisier', 'menuisiere']);
    expect(derivedForms('boucher')).to.include('boucherie');
    expect(derivedForms('chimiste')).to.include.members(['chimie', 'chimique']);
    expect(derivedForms('kinesitherapeute')).to.deep.equal(['kinesitherapie']);
    expect(derivedForms('agronome')).to.deep.equal(['agronomie']);
    for (const form of derivedForms('informaticien')) expect(form).not.to.equal('informaticien');
  });

  it('leaves short roots and words of no family alone', () => {
    expect(derivedForms('chien')).to.deep.equal([]);
    expect(derivedForms('comptable')).to.deep.equal([]);
    expect(derivedForms('chauffeur')).to.deep.equal([]);
    expect(derivedForms('directeur')).to.deep.equal([]);
  });

  it('finds titles naming the trade after those naming the word typed', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Consultant géothermie'));
    index.upsert(titledOffre(2, 'Ingénieur géothermiste'));
    index.upsert(titledOffre(3, 'Géothermicien'));
    index.upsert(titledOffre(4, 'Consultant énergie'));
    const found = searchTitles(index, new SynonymSet(), 'géothermiciens');
    expect(found[0]).to.equal(3);
    expect(found.slice(1)).to.have.members([1, 2]);
    expect(searchTitles(index, new SynonymSet(), 'menuiserie')).to.deep.equal([]);
    index.upsert(titledOffre(5, 'Menuisier poseur'));
    expect(searchTitles(index, new SynonymSet(), 'menuiserie')).to.deep.equal([5]);
  });
});
