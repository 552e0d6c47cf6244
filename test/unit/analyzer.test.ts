import { expect } from 'chai';
import { fold, stem, tokens } from '../../domain/search/analyzer.ts';

describe('Search analysis (unit)', () => {
  it('folds case, accents and ligatures', () => {
    expect(fold('Développeur ÉLECTRICIEN Cœur')).to.equal('developpeur electricien coeur');
  });

  it('strips French elisions with straight and curly apostrophes', () => {
    expect(
      tokens(
        "l'ingénieur d'études qu'il jusqu'à lorsqu'elle puisqu'on s'engage c'est m'aide t'offre j'ai n'importe",
      ),
    ).to.deep.equal(['ingenieur', 'etudes', 'engage', 'est', 'aide', 'offre', 'ai', 'importe']);
    expect(tokens('l’entreprise d’assurance')).to.deep.equal(['entreprise', 'assurance']);
  });

  it('drops inclusive endings glued to a word, in brackets or after a middle or full dot', () => {
    expect(tokens('Comptable confirmé(e), vendeur(se) polyvalent(e)')).to.deep.equal([
      'comptable',
      'confirme',
      'vendeur',
      'polyvalent',
    ]);
    expect(tokens('Accompagnateur(trice) formateur(trice) technique')).to.deep.equal([
      'accompagnateur',
      'formateur',
      'technique',
    ]);
    expect(tokens('Directeur·rice commercial·e, technicien·ne')).to.deep.equal([
      'directeur',
      'commercial',
      'technicien',
    ]);
    expect(tokens('salarié.e.s et chargé(e)s de clientèle')).to.deep.equal([
      'salaries',
      'charges',
      'clientele',
    ]);
    // A bracket with words in it, or a technical token, is left alone.
    expect(tokens('Assistant (temps partiel) Node.js')).to.deep.equal([
      'assistant',
      'temps',
      'partiel',
      'node.js',
    ]);
  });

  it('keeps technical tokens whole', () => {
    expect(tokens('Développeur C++, C#, .NET et Node.js; SAP, BTP, RH, IT.')).to.deep.equal([
      'developpeur',
      'c++',
      'c#',
      '.net',
      'node.js',
      'sap',
      'btp',
      'rh',
      'it',
    ]);
    // Parts of 3+ letters also count as words, so "ASP.NET" is found by "asp" too; ".NET" stays one token.
    expect(tokens('ASP.NET Core')).to.deep.equal(['asp.net', 'asp', 'net', 'core']);
  });

  it('keeps letters joined by an ampersand whole: "R&D" is not the letters r and d', () => {
    expect(tokens('Ingénieur R&D, gérant B&B, AT&T')).to.deep.equal([
      'ingenieur',
      'r&d',
      'gerant',
      'b&b',
      'at&t',
    ]);
    // Spaced, the ampersand separates; glued between words of 3+ letters, the words count too.
    expect(tokens('Marketing & Communication')).to.deep.equal(['marketing', 'communication']);
    expect(tokens('Vente&Marketing')).to.deep.equal(['vente&marketing', 'vente', 'marketing']);
  });

  it('reads an acronym written with dots as the acronym: "R.H." is "RH", "Q.H.S.E" is not an inclusive ending', () => {
    expect(tokens('Chargé R.H.')).to.deep.equal(tokens('Chargé RH'));
    expect(tokens('Animateur Q.H.S.E')).to.deep.equal(['animateur', 'qhse']);
    expect(tokens("Chef de chantier B.T.P., l'A.N.P.E")).to.deep.equal(['chef', 'chantier', 'btp', 'anpe']);
    // Not an acronym: words of several letters, and a word's inclusive ending.
    expect(tokens('Node.js p.ex. A.B.Cdef')).to.deep.equal(['node.js', 'p.ex', 'a.b.cdef']);
    expect(tokens('salarié.e.s')).to.deep.equal(['salaries']);
  });

  it('splits a missing space after a full stop into words, and treats operators as separators', () => {
    expect(tokens('Poste à Douala.Profil recherché')).to.deep.equal([
      'poste',
      'douala.profil',
      'douala',
      'profil',
      'recherche',
    ]);
    expect(tokens('+java -(php) "rh" *@<>~')).to.deep.equal(['java', 'php', 'rh']);
  });

  it('drops stop-words', () => {
    expect(tokens('Chef de projet pour une banque à Yaoundé')).to.deep.equal([
      'chef',
      'projet',
      'banque',
      'yaounde',
    ]);
  });

  it('keeps "son", the sound of the sound trades, though it is also a possessive', () => {
    expect(tokens('Ingénieur du son')).to.deep.equal(['ingenieur', 'son']);
    expect(tokens('Technicien son-vidéo')).to.deep.equal(['technicien', 'son', 'video']);
  });

  it('reduces plural and feminine forms to one base', () => {
    const same = (words: string[]) =>
      expect(new Set(words.map((w) => stem(fold(w)))).size, words.join(' ')).to.equal(1);
    same(['développeur', 'développeurs', 'développeuse', 'développeuses']);
    same(['ingénieur', 'ingénieurs', 'ingénieure', 'ingénieures']);
    same(['comptable', 'comptables']);
    same(['commercial', 'commerciaux', 'commerciale', 'commerciales']);
    same(['directeur', 'directrice', 'directeurs']);
    same(['technicien', 'technicienne', 'techniciens']);
    same(['bureau', 'bureaux']);
    same(['chef', 'chefs', 'cheffe', 'cheffes']);
    same(['maître', 'maîtresse']);
    same(['contremaître', 'contremaîtresse']);
    same(['hôte', 'hôtesse', 'hôtesses']);
    same(['acteur', 'actrice']);
    same(['ambassadeur', 'ambassadrice']);
    same(['maçon', 'maçonne', 'maçonnes']);
    same(['patron', 'patronne']);
    same(['paysan', 'paysanne']);
    same(['doyen', 'doyenne']);
    same(['cameraman', 'camerawoman']);
    same(['commis', 'commise', 'commises']);
    same(['français', 'française', 'françaises']);
    expect(stem('gestion')).to.not.equal(stem('gestionnaire'));
    expect(stem('c++')).to.equal('c++');
    expect(stem('rh')).to.equal('rh');
  });
});
