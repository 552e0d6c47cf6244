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
    expect(derivedForms('kinesitherapeute')).to.include('kinesitherapie');
    expect(derivedForms('agronome')).to.include('agronomie');
    for (const form of derivedForms('informaticien')) expect(form).not.to.equal('informaticien');
  });

  it('leaves short roots and words of no family alone', () => {
    expect(derivedForms('chien')).to.deep.equal([]);
    expect(derivedForms('agent')).to.deep.equal([]);
    // -eur meets -ure ("soudeur", "soudure"), never -age nor -tion: they name other trades as often.
    expect(derivedForms('chauffeur')).not.to.include('chauffage');
    expect(derivedForms('directeur')).not.to.include('direction');
  });

  it('meets the place or matter of a trade with who works there', () => {
    expect(derivedForms('comptabilite')).to.include('comptable');
    expect(derivedForms('comptable')).to.include('comptabilite');
    expect(derivedForms('gardiennage')).to.include('gardien');
    expect(derivedForms('cuisine')).to.include.members(['cuisinier', 'cuisiniere']);
    expect(derivedForms('caissiere')).to.include('caisse');
    expect(derivedForms('douane')).to.include('douanier');
    expect(derivedForms('electricite')).to.include('electricien');
    expect(derivedForms('secretariat')).to.include('secretaire');
    expect(derivedForms('soudure')).to.include('soudeur');
    expect(derivedForms('agriculteurs')).to.include('agriculture');
    expect(derivedForms('enseignement')).to.include('enseignant');
    expect(derivedForms('reception')).to.include('receptionniste');
    expect(derivedForms('gestionnaire')).to.include('gestion');
  });

  it('leaves out members that name something else', () => {
    expect(derivedForms('equipier')).not.to.include('equipe');
    expect(derivedForms('equipe')).to.deep.equal([]);
    expect(derivedForms('mobile')).to.deep.equal([]);
    expect(derivedForms('mobilier')).not.to.include('mobile');
    expect(derivedForms('courtier')).not.to.include('courte');
    expect(derivedForms('publicite')).to.deep.equal([]);
    expect(derivedForms('missionnaire')).not.to.include('mission');
    expect(derivedForms('pompiers')).not.to.include('pompe');
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

  it('finds the trade for the word of its place or matter, where nothing else matched', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Gardien de nuit'));
    index.upsert(titledOffre(2, 'Comptable'));
    index.upsert(titledOffre(3, 'Cuisinière'));
    index.upsert(titledOffre(4, 'Chef de cuisine'));
    index.upsert(titledOffre(5, 'Équipier polyvalent'));
    index.upsert(titledOffre(6, 'Agent de sécurité'));
    expect(searchTitles(index, new SynonymSet(), 'gardiennage')).to.deep.equal([1]);
    expect(searchTitles(index, new SynonymSet(), 'comptabilité')).to.deep.equal([2]);
    expect(searchTitles(index, new SynonymSet(), 'cuisine')).to.deep.equal([4, 3]);
    expect(searchTitles(index, new SynonymSet(), 'équipe')).to.deep.equal([]);
  });
});
