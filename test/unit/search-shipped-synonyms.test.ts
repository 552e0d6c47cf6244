import { expect } from 'chai';
import { romeOccupations } from '../../seeds/data/rome-job-titles.ts';
import { fold, stem, tokens } from '../../domain/search/analyzer.ts';
import { OffreIndex } from '../../domain/search/offre-index.ts';
import { searchTitles, shippedSynonyms, titledOffre } from '../helpers/title-index.ts';
import { SynonymSet } from '../../domain/search/synonym-set.ts';
import { queryWords } from '../../domain/search/query-words.ts';
import { MAX_TERM_LENGTH, MAX_TERMS, MIN_TERMS } from '../../domain/search/synonym-groups.ts';
import { escoMoreEnglishGroups, escoOccupations } from '../../seeds/data/esco-job-titles.ts';
import { escoWordTranslations } from '../../seeds/data/esco-word-translations.ts';
import { SYNONYM_SETS } from '../../seeds/search-synonyms.ts';
import { pairedTitleGroups } from '../../seeds/data/paired-title-groups.ts';

describe('Shipped search synonyms and the relevance rules they rely on (unit)', () => {
  it('learns English words of job titles and their French equivalents from the ESCO table', () => {
    const pairs = escoWordTranslations(escoOccupations());
    const frenchOf = (english: string) => pairs.filter((p) => p[0] === english).map((p) => p[1]);
    expect(pairs.length).to.be.greaterThan(1000);
    expect(frenchOf('technician')).to.deep.equal(['technicien']);
    expect(frenchOf('dairy')).to.have.length.greaterThan(0);
    expect(frenchOf('insurance')).to.have.length(1);
    // No English word that French titles (the table's or the ROME's) or ads use too: as a synonym it
    // would change French queries ("comptable senior" met "export" and "import").
    expect(frenchOf('senior')).to.deep.equal([]);
    expect(frenchOf('stage')).to.deep.equal([]);
    const frenchWords = new Set(
      [...escoOccupations().flatMap((o) => o.fr), ...romeOccupations().flatMap((o) => o.titles)].flatMap(
        (t) => tokens(t).map(stem),
      ),
    );
    for (const [english] of pairs) expect(frenchWords.has(stem(english)), english).to.equal(false);
    // As first shipped, "senior" had its pairs.
    expect(
      escoWordTranslations(escoOccupations(), { asFirstShipped: true }).some((p) => p[0] === 'senior'),
    ).to.equal(true);
  });

  it('groups every other English title of an occupation with all its French titles', () => {
    const moreEn = Array.from({ length: 25 }, (_, i) => `title ${i}`);
    const groups = escoMoreEnglishGroups([
      { id: 'a', fr: ['sculpteur sur bois', 'sculptrice sur bois'], en: ['woodcarver'], moreEn },
      { id: 'b', fr: ['souffleur de verre'], en: ['glassblower'], moreEn: [] },
    ]);
    expect(groups.map((g) => g.length)).to.deep.equal([MAX_TERMS, 2 + 25 - (MAX_TERMS - 2)]);
    for (const g of groups)
      expect(g.slice(0, 2)).to.deep.equal(['sculpteur sur bois', 'sculptrice sur bois']);
    expect(groups.flatMap((g) => g.slice(2))).to.deep.equal(moreEn);
  });

  it('pairs every title of two lists within the bound even when the French ones fill a group', () => {
    const french = Array.from({ length: MAX_TERMS }, (_, i) => `titre ${i}`);
    const groups = pairedTitleGroups(french, ['one', 'two'], MAX_TERMS - french.length);
    expect(groups.every((g) => g.length <= MAX_TERMS)).to.equal(true);
    for (const e of ['one', 'two'])
      for (const t of french) expect(groups.some((g) => g.includes(e) && g.includes(t))).to.equal(true);
  });

  it('lets an English title beyond the first six of its occupation meet its French offers', () => {
    const esco = escoOccupations();
    const claims = esco.find((o) => o.fr.includes("chargé d'indemnisation en assurances"));
    expect(claims?.en).to.not.include('claims processor');
    expect(claims?.moreEn).to.include('claims processor');
    expect(esco.reduce((n, o) => n + o.moreEn.length, 0)).to.be.greaterThan(10_000);
    const shipped = shippedSynonyms();
    const index = new OffreIndex();
    index.upsert(titledOffre(1, "Chargée d'indemnisation en assurances"));
    index.upsert(titledOffre(2, 'Sculpteur sur bois'));
    index.upsert(titledOffre(3, 'Agent de traitement des sinistres'));
    expect(searchTitles(index, shipped, 'claims processor')[0]).to.equal(1);
    expect(searchTitles(index, shipped, 'traditional woodcarver')[0]).to.equal(2);
  });

  it("ranks an English title's own occupation before the titles of the coarser one it is lent to", () => {
    // "bank clerk" is in its ESCO occupation's groups and in the ROME occupation it is lent to:
    // "guichetière de banque" is in both, "employé de banque" only in the ROME one.
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Guichetière de banque'));
    index.upsert(titledOffre(2, 'Employé de banque'));
    const [word] = queryWords('bank clerk', shippedSynonyms());
    expect(word.alternatives).to.deep.include(['guichetiere', 'banque']);
    expect(word.related).to.deep.include(['employe', 'banque']);
    // Equal in length, the newer would win a tie.
    expect(searchTitles(index, shippedSynonyms(), 'bank clerk')).to.deep.equal([1, 2]);
  });

  it('ranks a partial match in the title before one elsewhere, whatever the rarer word', () => {
    // "web developer": no offer holds both words; "web" is rare (one offer's skills), "developer"
    // is common (a synonym in many titles). The title that meets the query comes first.
    const index = new OffreIndex();
    index.upsert({ ...titledOffre(1, 'Community manager'), competences: ['Rédaction web', 'Canva'] });
    for (let id = 2; id <= 8; id++) index.upsert(titledOffre(id, `Développeur ${id}`));
    index.upsert(titledOffre(9, 'Développeur backend Node.js'));
    const ranked = searchTitles(index, shippedSynonyms(), 'web developer');
    expect(ranked).to.have.length(9);
    expect(ranked.at(-1)).to.equal(1);
  });

  it('ships only groups the synonyms admin would accept', () => {
    for (const set of SYNONYM_SETS)
      for (const terms of set.groups()) {
        const where = `${set.name}: ${terms.join(', ')}`;
        expect(terms.length, where).to.be.within(MIN_TERMS, MAX_TERMS);
        expect(new Set(terms.map(fold)).size, where).to.equal(terms.length);
        for (const t of terms) expect(t.length, where).to.be.within(1, MAX_TERM_LENGTH);
      }
  });

  it('reads the shortenings of ads inside a title as their word: "Resp. commercial", "Ing. génie civil"', () => {
    const shipped = shippedSynonyms();
    const read = (q: string) => queryWords(q, shipped).map((w) => w.literal.join(' '));
    expect(read('Resp. commercial')).to.deep.equal(['responsable commercial']);
    expect(read('Ing. génie civil')).to.deep.equal(['ingenieur genie civil']);
    expect(read('Adj. administratif')).to.deep.equal(['adjoint administratif']);
  });

  it('meets "R&D" and "B&B" with the words they stand for, and "B&B owner" finds the guest houses', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Responsable recherche et développement'));
    index.upsert(titledOffre(2, 'Ingénieur R&D H/F'));
    index.upsert(titledOffre(3, 'Ingénieur d’affaires'));
    index.upsert(titledOffre(4, "Gérant de chambres d'hôtes"));
    index.upsert(titledOffre(5, 'Gérante de gîte rural'));
    for (const q of ['R&D', 'recherche et développement'])
      expect(searchTitles(index, shippedSynonyms(), q), q).to.have.members([1, 2]);
    expect(searchTitles(index, shippedSynonyms(), 'ingénieur R&D')[0]).to.equal(2);
    expect(searchTitles(index, shippedSynonyms(), 'b&b owner')[0]).to.equal(4);
  });

  it('drops the H and F of "H/F" from titles, so they do not lengthen them', () => {
    expect(tokens('Comptable H/F')).to.deep.equal(['comptable']);
    expect(tokens('Développeur F/H C# F#')).to.deep.equal(['developpeur', 'c#', 'f#']);
  });

  it('ranks the title holding the words typed above a one-word synonym of them', () => {
    const index = new OffreIndex();
    index.upsert(titledOffre(1, 'Orthoprothésiste'));
    index.upsert(titledOffre(2, 'Technicien podo-orthésiste prothésiste'));
    index.upsert(titledOffre(3, 'Technicien de maintenance'));
    const synonyms = new SynonymSet([
      { id: 1, terms: ['technicien podo-orthésiste prothésiste', 'orthoprothésiste'] },
    ]);
    expect(searchTitles(index, synonyms, 'techniciens podo-orthésistes prothésistes')).to.deep.equal([
      2, 1, 3,
    ]);
  });

  it('breaks equal scores by the words as typed, then by phrase proximity, then by recency', () => {
    const index = new OffreIndex();
    // Same words by stem, same length: the plural as typed wins over the newer singular.
    index.upsert(titledOffre(1, 'Chargés clientèle'));
    index.upsert(titledOffre(2, 'Chargé clientèle'));
    expect(searchTitles(index, new SynonymSet(), 'chargés clientèle')).to.deep.equal([1, 2]);
    // Same words as typed: the one with them side by side wins over the newer one.
    index.upsert(titledOffre(3, 'Responsable projet travaux'));
    index.upsert(titledOffre(4, 'Projet responsable travaux'));
    expect(searchTitles(index, new SynonymSet(), 'responsable projet')).to.deep.equal([3, 4]);
    // The words as typed count before their proximity.
    index.upsert(titledOffre(7, 'Chargés travaux clientèle'));
    index.upsert(titledOffre(8, 'Chargé clientèle travaux'));
    expect(searchTitles(index, new SynonymSet(), 'chargés clientèle travaux').slice(0, 2)).to.deep.equal([
      7, 8,
    ]);
    // Nothing else tells them apart: the newest first.
    index.upsert(titledOffre(5, 'Agent logistique'));
    index.upsert(titledOffre(6, 'Agent logistique'));
    expect(searchTitles(index, new SynonymSet(), 'agent logistique')).to.deep.equal([6, 5]);
  });
});
